package dev.flowrun.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class UrlSignerTest {
    private static final byte[] SECRET = "test-secret-0123456789".getBytes(StandardCharsets.UTF_8);
    private static final Instant NOW = Instant.parse("2025-01-02T03:04:05.678Z");
    private static final Pattern URL = Pattern.compile(
            "^http://localhost:8080/files/([A-Za-z0-9._~%/-]+)\\?expires=([0-9]+)&sig=([A-Za-z0-9_-]{43})$");

    private static UrlSigner signerAt(Instant now) {
        return new UrlSigner(SECRET, "http://localhost:8080/", Duration.ofMinutes(15), Clock.fixed(now, ZoneOffset.UTC));
    }

    /** What the HTTP layer will do: take the raw path and query apart, then verify. */
    private static boolean verifyUrl(UrlSigner signer, String url) {
        Matcher m = URL.matcher(url);
        assertThat(m.matches()).as(url).isTrue();
        return signer.verify(UrlSigner.keyFromPath(m.group(1)), m.group(2), m.group(3));
    }

    @Test
    void signedUrlHasTheDocumentedShapeAndVerifies() {
        UrlSigner signer = signerAt(NOW);
        SignedUrl signed = signer.sign("runs/12/items/345/out/node_3/red.png");

        Instant expected = Instant.parse("2025-01-02T03:19:05Z");
        assertThat(signed.expiresAt()).isEqualTo(expected);
        assertThat(signed.url()).matches(URL)
                .startsWith("http://localhost:8080/files/runs/12/items/345/out/node_3/red.png?expires=" + expected.getEpochSecond() + "&sig=");
        assertThat(verifyUrl(signer, signed.url())).isTrue();
    }

    @Test
    void anyTamperingFails() {
        UrlSigner signer = signerAt(NOW);
        String key = "runs/1/out/red.png";
        SignedUrl signed = signer.sign(key);
        Matcher m = URL.matcher(signed.url());
        assertThat(m.matches()).isTrue();
        String expires = m.group(2);
        String sig = m.group(3);
        assertThat(signer.verify(key, expires, sig)).isTrue();

        assertThat(signer.verify("runs/1/out/blue.png", expires, sig)).isFalse();
        assertThat(signer.verify("runs/2/out/red.png", expires, sig)).isFalse();
        assertThat(signer.verify(key, Long.toString(Long.parseLong(expires) + 1), sig)).isFalse();
        assertThat(signer.verify(key, "0" + expires, sig)).isFalse();
        for (int i = 0; i < sig.length(); i++) {
            char replacement = sig.charAt(i) == 'A' ? 'B' : 'A';
            String changed = sig.substring(0, i) + replacement + sig.substring(i + 1);
            assertThat(signer.verify(key, expires, changed)).as("sig changed at %d", i).isFalse();
        }
        assertThat(signer.verify(key, expires, null)).isFalse();
        assertThat(signer.verify(key, expires, "")).isFalse();
        assertThat(signer.verify(key, expires, sig + "=")).isFalse();
        assertThat(signer.verify(key, expires, sig.substring(1))).isFalse();
        assertThat(signer.verify(key, expires, "!" + sig.substring(1))).isFalse();
        assertThat(signer.verify(key, null, sig)).isFalse();
        assertThat(signer.verify(key, "", sig)).isFalse();
        assertThat(signer.verify(key, "abc", sig)).isFalse();
        assertThat(signer.verify(key, "-1", sig)).isFalse();
        assertThat(signer.verify(key, "99999999999999999999999", sig)).isFalse();
        assertThat(signer.verify(null, expires, sig)).isFalse();
        assertThat(signer.verify("../" + key, expires, sig)).isFalse();
    }

    @Test
    void differentSecretFails() {
        SignedUrl signed = signerAt(NOW).sign("a.png");
        UrlSigner other = new UrlSigner("other".getBytes(StandardCharsets.UTF_8), "http://localhost:8080",
                Duration.ofMinutes(15), Clock.fixed(NOW, ZoneOffset.UTC));
        assertThat(verifyUrl(other, signed.url())).isFalse();
    }

    @Test
    void expiresAfterTtl() {
        SignedUrl signed = signerAt(NOW).sign("runs/1/red.png");
        assertThat(verifyUrl(signerAt(NOW.plus(Duration.ofMinutes(14))), signed.url())).isTrue();
        assertThat(verifyUrl(signerAt(signed.expiresAt().minusMillis(1)), signed.url())).isTrue();
        assertThat(verifyUrl(signerAt(signed.expiresAt()), signed.url())).isFalse();
        assertThat(verifyUrl(signerAt(NOW.plus(Duration.ofDays(1))), signed.url())).isFalse();
    }

    @Test
    void unicodeKeyWithSpacesRoundTrips() {
        UrlSigner signer = signerAt(NOW);
        String key = "runs/1/in/my photo é 照片+%.png";
        SignedUrl signed = signer.sign(key);
        assertThat(signed.url()).contains("/files/runs/1/in/my%20photo%20%C3%A9%20%E7%85%A7%E7%89%87%2B%25.png?");
        assertThat(URI.create(signed.url()).getRawPath()).isEqualTo("/files/" + UrlSigner.encodePath(key));

        String raw = URI.create(signed.url()).getRawPath().substring("/files/".length());
        assertThat(UrlSigner.keyFromPath(raw)).isEqualTo(key);
        assertThat(verifyUrl(signer, signed.url())).isTrue();
    }

    @Test
    void keyFromPathRejectsMalformedEncoding() {
        assertThat(UrlSigner.keyFromPath("a/b%2")).isNull();
        assertThat(UrlSigner.keyFromPath("a/b%zz")).isNull();
        assertThat(UrlSigner.keyFromPath("a/%C3")).isNull(); // truncated UTF-8
        assertThat(UrlSigner.keyFromPath("a/%FF")).isNull();
        assertThat(UrlSigner.keyFromPath(null)).isNull();
        assertThat(UrlSigner.keyFromPath("a/b+c/d%20e")).isEqualTo("a/b+c/d e");
        assertThat(UrlSigner.keyFromPath("plain.png")).isEqualTo("plain.png");
    }

    @Test
    void rejectsInvalidKeysAndSettings() {
        UrlSigner signer = signerAt(NOW);
        assertThatThrownBy(() -> signer.sign("../etc/passwd")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> signer.sign("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UrlSigner(new byte[0], "http://x", Duration.ofMinutes(1), Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UrlSigner(SECRET, "http://x", Duration.ZERO, Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ownKeyTellsOurFileUrlsFromOthersAndChecksThem() {
        UrlSigner signer = signerAt(NOW);
        String url = signer.sign("uploads/7/shoe photo.png").url();
        assertThat(signer.ownKey(url)).isEqualTo("uploads/7/shoe photo.png");
        assertThat(signer.ownKey("https://example.com/files/uploads/7/a.png?expires=1&sig=x")).isNull();
        assertThat(signer.ownKey("http://localhost:8080/other/path.png")).isNull();
        assertThat(signer.ownKey(url.replace("shoe", "shoes"))).isEqualTo(UrlSigner.INVALID);
        assertThat(signer.ownKey(url.substring(0, url.indexOf('?')))).isEqualTo(UrlSigner.INVALID);
        assertThat(signerAt(NOW.plus(Duration.ofMinutes(16))).ownKey(url)).as("expired").isEqualTo(UrlSigner.INVALID);
    }
}
