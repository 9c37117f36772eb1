package dev.flowrun.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SignedJsonTemplateTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final byte[] SECRET = "template-secret".getBytes(StandardCharsets.UTF_8);

    /** A clock the test moves by hand. */
    static final class HandClock extends Clock {
        Instant now = Instant.parse("2026-11-22T10:00:00.250Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final HandClock clock = new HandClock();
    private final UrlSigner signer = new UrlSigner(SECRET, "http://files.example", Duration.ofHours(24), clock);

    /** A page-like document: user text that looks like JSON, a stand-in, or a URL, around the signed URLs. */
    private SignedJsonTemplate page(String... keys) throws Exception {
        SignedJsonTemplate.Holes holes = SignedJsonTemplate.holes();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("name", "quote \" backslash \\ ~signed-00-0~ ünïcode ✓");
        doc.put("archive", holes.url("runs/7/outputs.zip"));
        doc.put("items", List.of(keys).stream().map(key -> Map.of("key", key, "url", holes.url(key))).toList());
        doc.put("total", keys.length);
        return holes.template(MAPPER.writeValueAsBytes(doc));
    }

    private static Map<String, String> query(String url) {
        Map<String, String> query = new LinkedHashMap<>();
        for (String pair : url.substring(url.indexOf('?') + 1).split("&")) {
            query.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
        return query;
    }

    private boolean verifies(String url, String key) {
        Map<String, String> query = query(url);
        return signer.verify(key, query.get("expires"), query.get("sig"));
    }

    @Test
    void everyHoleIsFilledWithAUrlSignedForItsOwnKeyAndTheRestIsUnchanged() throws Exception {
        String[] keys = {"runs/7/in/0/in/a b.png", "runs/7/out/1/out/ä\"q.png", "runs/7/in/2/in/c.png"};
        JsonNode json = MAPPER.readTree(page(keys).render(signer));

        assertThat(json.path("name").asText()).isEqualTo("quote \" backslash \\ ~signed-00-0~ ünïcode ✓");
        assertThat(json.path("total").asInt()).isEqualTo(3);
        assertThat(verifies(json.path("archive").asText(), "runs/7/outputs.zip")).isTrue();
        for (int i = 0; i < keys.length; i++) {
            JsonNode item = json.path("items").get(i);
            assertThat(item.path("key").asText()).isEqualTo(keys[i]);
            assertThat(item.path("url").asText()).startsWith("http://files.example/files/runs/7/");
            assertThat(verifies(item.path("url").asText(), keys[i])).as(item.toString()).isTrue();
            assertThat(verifies(item.path("url").asText(), keys[(i + 1) % keys.length])).isFalse();
        }
    }

    @Test
    void urlsExpireOneTtlAfterEachRenderingAndAllTogether() throws Exception {
        SignedJsonTemplate template = page("runs/7/in/0/in/a.png", "runs/7/out/0/out/a.png");
        byte[] first = template.render(signer);
        clock.now = clock.now.plusMillis(500);
        assertThat(template.render(signer)).as("same second, same expiry: the same document").isSameAs(first);

        clock.now = clock.now.plus(Duration.ofMinutes(90));
        JsonNode later = MAPPER.readTree(template.render(signer));
        long expected = clock.now.plus(Duration.ofHours(24)).getEpochSecond();
        for (JsonNode url : later.findValues("url")) {
            assertThat(query(url.asText()).get("expires")).isEqualTo(Long.toString(expected));
            assertThat(verifies(url.asText(), url.asText().substring("http://files.example/files/".length(),
                    url.asText().indexOf('?')))).isTrue();
        }
        assertThat(query(later.path("archive").asText()).get("expires")).isEqualTo(Long.toString(expected));
    }

    @Test
    void aDocumentWithoutUrlsIsKeptAsItIs() throws Exception {
        SignedJsonTemplate.Holes holes = SignedJsonTemplate.holes();
        byte[] json = MAPPER.writeValueAsBytes(Map.of("items", List.of()));
        assertThat(new String(holes.template(json).render(signer), StandardCharsets.UTF_8)).isEqualTo("{\"items\":[]}");
    }
}
