package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.files.SignedJsonTemplate;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunPageCacheTest {
    private static SignedJsonTemplate template(int bytes) throws Exception {
        return SignedJsonTemplate.holes().template(new ObjectMapper().writeValueAsBytes(Map.of("x", "y".repeat(bytes))));
    }

    private static RunPageCache.Key key(long runId) {
        return new RunPageCache.Key(runId, 1, 25, null, false);
    }

    @Test
    void aPageIsOnlyGivenToItsOwnWorkspace() throws Exception {
        RunPageCache cache = new RunPageCache(1 << 20);
        SignedJsonTemplate page = template(100);
        cache.put(1, key(7), page);
        assertThat(cache.get(1, key(7))).isSameAs(page);
        assertThat(cache.get(2, key(7))).isNull();
        assertThat(cache.get(1, new RunPageCache.Key(7, 2, 25, null, false))).isNull();
        assertThat(cache.get(1, new RunPageCache.Key(7, 1, 25, "red", false))).isNull();
    }

    @Test
    void theLeastRecentlyReadPagesGoFirstToStayWithinTheBudget() throws Exception {
        RunPageCache cache = new RunPageCache(100_000);
        for (long run = 1; run <= 4; run++) {
            cache.put(1, key(run), template(20_000));
        }
        assertThat(cache.size()).isEqualTo(2);
        cache.get(1, key(3));
        cache.put(1, key(5), template(20_000));
        assertThat(cache.get(1, key(3))).as("read recently").isNotNull();
        assertThat(cache.get(1, key(4))).as("read least recently").isNull();
        assertThat(cache.get(1, key(5))).isNotNull();

        cache.put(1, key(6), template(200_000));
        assertThat(cache.get(1, key(6))).as("bigger than the whole budget: not kept").isNull();
        assertThat(cache.size()).isEqualTo(2);
    }
}
