package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.TestApp;
import org.junit.jupiter.api.Test;

/** "The same body" of a JSON create: its content, not its spelling. */
class RequestDigestTest {

    private static String digest(String json) {
        return RequestDigest.ofJson(TestApp.parse(json));
    }

    @Test
    void keyOrderAndSpacingDoNotCount() {
        assertThat(digest("{\"a\": 1, \"b\": [\"x\", {\"c\": null, \"d\": true}]}"))
                .isEqualTo(digest("{\"b\":[\"x\",{\"d\":true,\"c\":null}],\n\"a\":1}"));
    }

    @Test
    void everyValueCounts() {
        String base = digest("{\"a\": [\"x\", \"y\"]}");
        assertThat(digest("{\"a\": [\"y\", \"x\"]}")).as("array order").isNotEqualTo(base);
        assertThat(digest("{\"a\": [\"xy\"]}")).as("string boundaries").isNotEqualTo(base);
        assertThat(digest("{\"a\": [\"x\", \"y\", null]}")).isNotEqualTo(base);
        assertThat(digest("{\"a\": 1}")).isNotEqualTo(digest("{\"a\": \"1\"}"));
        assertThat(digest("{\"ab\": \"c\"}")).isNotEqualTo(digest("{\"a\": \"bc\"}"));
    }
}
