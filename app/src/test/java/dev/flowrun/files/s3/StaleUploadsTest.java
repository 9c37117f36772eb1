package dev.flowrun.files.s3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Await;
import dev.flowrun.support.FaultyStoreProxy;
import dev.flowrun.support.S3ProxyServer;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.MultipartUpload;

/**
 * Multipart uploads a crash left (begun, never completed nor aborted: invisible, but stored and paid for) are aborted
 * by the retention sweep once begun more than a day ago by the store's clock; one begun since, a write still going on
 * some instance, is left alone and completes.
 */
class StaleUploadsTest {
    static final S3ProxyServer S3 = S3ProxyServer.shared();
    static final Pattern UPLOAD = Pattern.compile("<Upload>.*?</Upload>", Pattern.DOTALL);
    final TestClock clock = new TestClock();
    FaultyStoreProxy proxy;
    TestApp app;

    @AfterEach
    void stop() {
        app.close();
        proxy.close();
    }

    @Test
    void anUploadBegunTwoDaysAgoIsAbortedAndOneInProgressIsLeftAlone() {
        String bucket = S3.newBucket();
        // S3Proxy says every upload began when it is listed: the proxy gives the crash's one the age a store would.
        proxy = new FaultyStoreProxy(S3.endpoint()).editAnswers("?uploads", body -> aged(body, "/stale.zip",
                Instant.now().minus(Duration.ofDays(2))));
        Map<String, String> env = new HashMap<>(S3.env(bucket, "swept"));
        env.put("FLOWRUN_S3_ENDPOINT", proxy.endpoint());
        app = TestApp.start(env, clock);
        var s3 = S3.client();
        String stale = s3.createMultipartUpload(b -> b.bucket(bucket).key("swept/runs/7/stale.zip")).uploadId();
        s3.uploadPart(b -> b.bucket(bucket).key("swept/runs/7/stale.zip").uploadId(stale).partNumber(1),
                RequestBody.fromBytes(new byte[1000]));
        String fresh = s3.createMultipartUpload(b -> b.bucket(bucket).key("swept/runs/8/fresh.zip")).uploadId();
        String etag = s3.uploadPart(b -> b.bucket(bucket).key("swept/runs/8/fresh.zip").uploadId(fresh).partNumber(1),
                RequestBody.fromBytes(new byte[] {1, 2, 3})).eTag();

        // The sweep comes every ten minutes by the service's clock.
        clock.advance(Duration.ofMinutes(11));
        Await.until("the stale upload to be aborted", Duration.ofSeconds(30),
                () -> uploadIds(bucket).stream().noneMatch(stale::equals));
        assertThat(uploadIds(bucket)).as("the write in progress").contains(fresh);
        s3.completeMultipartUpload(b -> b.bucket(bucket).key("swept/runs/8/fresh.zip").uploadId(fresh)
                .multipartUpload(m -> m.parts(CompletedPart.builder().partNumber(1).eTag(etag).build())));
        assertThat(S3.keys(bucket)).containsExactly("swept/runs/8/fresh.zip");
    }

    private static List<String> uploadIds(String bucket) {
        return S3.client().listMultipartUploads(b -> b.bucket(bucket)).uploads().stream()
                .map(MultipartUpload::uploadId).toList();
    }

    /** The listing with every upload whose key ends in {@code keyEnd} begun at {@code initiated}. */
    private static String aged(String listing, String keyEnd, Instant initiated) {
        Matcher upload = UPLOAD.matcher(listing);
        StringBuilder out = new StringBuilder();
        while (upload.find()) {
            String element = upload.group();
            if (element.contains(keyEnd + "</Key>")) {
                element = element.replaceAll("<Initiated>[^<]*</Initiated>", "<Initiated>" + initiated + "</Initiated>");
            }
            upload.appendReplacement(out, Matcher.quoteReplacement(element));
        }
        return upload.appendTail(out).toString();
    }
}
