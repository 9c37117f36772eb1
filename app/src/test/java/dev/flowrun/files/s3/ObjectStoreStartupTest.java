package dev.flowrun.files.s3;

import static dev.flowrun.support.StartupAssertions.assertFailedInOneLine;

import dev.flowrun.support.MainProcess;
import dev.flowrun.support.S3ProxyServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A store that cannot be used stops start-up, as {@code java -jar} runs it, with one line saying what is wrong. */
class ObjectStoreStartupTest {
    @TempDir Path temp;
    final S3ProxyServer s3 = S3ProxyServer.shared();

    Map<String, String> env(Map<String, String> storage) {
        Map<String, String> env = new HashMap<>(storage);
        env.put("FLOWRUN_PORT", "0");
        env.put("FLOWRUN_DATA_DIR", temp.resolve("data").toString());
        return env;
    }

    @Test
    void aMissingBucketIsOneLineNamingIt() {
        assertFailedInOneLine(MainProcess.start(env(s3.env("no-such-bucket", "x"))), "FLOWRUN_STORAGE",
                "the bucket 'no-such-bucket' does not exist");
    }

    @Test
    void wrongCredentialsAreOneLine() {
        Map<String, String> storage = s3.env(s3.newBucket(), "x");
        storage.put("AWS_SECRET_ACCESS_KEY", "not-the-secret");
        assertFailedInOneLine(MainProcess.start(env(storage)), "FLOWRUN_STORAGE", "refused", "AWS_ACCESS_KEY_ID");
    }

    @Test
    void anUnreachableStoreIsOneLine() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        Map<String, String> storage = s3.env("some-bucket", "x");
        storage.put("FLOWRUN_S3_ENDPOINT", "http://127.0.0.1:" + closed);
        assertFailedInOneLine(MainProcess.start(env(storage)), "FLOWRUN_STORAGE", "cannot be reached",
                "FLOWRUN_S3_ENDPOINT");
    }

    @Test
    void aBadLocationIsOneLineNamingTheVariable() {
        Map<String, String> storage = s3.env("x", "");
        storage.put("FLOWRUN_STORAGE", "s3://Not_A_Bucket/files");
        assertFailedInOneLine(MainProcess.start(env(storage)), "FLOWRUN_STORAGE", "s3://Not_A_Bucket/files");
        storage.put("FLOWRUN_STORAGE", "gs://bucket");
        assertFailedInOneLine(MainProcess.start(env(storage)), "FLOWRUN_STORAGE", "file or s3://bucket/prefix");
    }
}
