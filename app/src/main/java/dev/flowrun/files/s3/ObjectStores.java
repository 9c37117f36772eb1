package dev.flowrun.files.s3;

import dev.flowrun.error.StartupFailure;
import dev.flowrun.files.StorageConfig;
import dev.flowrun.files.StorageUnavailable;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.s3.LegacyMd5Plugin;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Opens the object store of {@code FLOWRUN_STORAGE=s3://…}: one S3 client for the process, and a check at
 * start-up that the bucket is there and these credentials may use it, so a wrong setting stops the service with
 * one line rather than failing every item later.
 */
public final class ObjectStores {
    /** Tries of one request, the first included. */
    static final int ATTEMPTS = 4;
    private ObjectStores() {
    }

    /** The client (to be closed at the end) and the store over it; {@link StartupFailure} when unusable. */
    public static Opened open(StorageConfig config, Path scratch) {
        S3Client client = client(config);
        try {
            var calls = new S3Calls(client, config.bucket());
            check(config, client);
            return new Opened(client, new ObjectStore(calls, config.prefix(), scratch));
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    public record Opened(S3Client client, ObjectStore store) implements AutoCloseable {
        @Override
        public void close() {
            client.close();
        }
    }

    static S3Client client(StorageConfig config) {
        var builder = S3Client.builder()
                // The JDK's own HTTP client: no Netty or Apache client in the jar (docs/decisions).
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(2))
                        // A stalled answer is given up after this and retried where that is safe.
                        .socketTimeout(Duration.ofSeconds(20)))
                .region(region(config))
                .credentialsProvider(credentials(config))
                // Path style, and no "Expect: 100-continue" before a body: the JDK's client answers a store's error
                // to it (a 503 SlowDown) by sending the whole request again on its own, beside the SDK's retry; on
                // S3Proxy that left a cut part that broke the upload's completion. A body sent in vain is at most one
                // part (docs/decisions/0022-storage-interface-and-s3-client.md).
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(config.pathStyle())
                        .expectContinueEnabled(false).build())
                // Checksums only where S3 requires them: stores other than AWS (S3Proxy, older MinIO and Ceph)
                // do not all take the SDK's newer trailing checksums, and TLS already guards the bytes.
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                // Where S3 requires one (a delete of many objects), the Content-MD5 every store knows.
                .addPlugin(LegacyMd5Plugin.create())
                // Fixed here rather than left to AWS_RETRY_MODE or ~/.aws/config, which would change what a failing
                // request costs: the standard strategy (5xx, throttling and cut connections retried with jittered
                // backoff, a token bucket that stops retrying when most requests fail) with one attempt more than
                // its default, so that a store failing one request in ten costs no item (docs/several-instances.md).
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                        .maxAttempts(ATTEMPTS).build()));
        if (config.endpoint() != null) {
            builder.endpointOverride(URI.create(config.endpoint()));
        }
        return builder.build();
    }

    private static Region region(StorageConfig config) {
        if (config.region() != null) {
            return Region.of(config.region());
        }
        try {
            return DefaultAwsRegionProviderChain.builder().build().getRegion();
        } catch (SdkException e) {
            // No region set anywhere: S3's own default, and what stores other than AWS accept.
            return Region.US_EAST_1;
        }
    }

    private static AwsCredentialsProvider credentials(StorageConfig config) {
        if (config.accessKeyId() == null) {
            return DefaultCredentialsProvider.builder().build();
        }
        return StaticCredentialsProvider.create(config.sessionToken() == null
                ? AwsBasicCredentials.create(config.accessKeyId(), config.secretAccessKey())
                : AwsSessionCredentials.create(config.accessKeyId(), config.secretAccessKey(), config.sessionToken()));
    }

    private static void check(StorageConfig config, S3Client client) {
        try {
            new S3Calls(client, config.bucket()).headBucket();
        } catch (StorageUnavailable e) {
            throw new StartupFailure("FLOWRUN_STORAGE: " + problem(config, e), e);
        } catch (IOException e) {
            throw new StartupFailure("FLOWRUN_STORAGE: " + config.shown() + " cannot be used: " + e.getMessage(), e);
        }
    }

    /** What is wrong, in the words an operator acts on; HEAD answers carry a status but no error code. */
    private static String problem(StorageConfig config, StorageUnavailable e) {
        if (e.getCause() instanceof S3Exception s3) {
            return switch (s3.statusCode()) {
                case 404 -> "the bucket '" + config.bucket() + "' does not exist"
                        + (config.endpoint() == null ? "" : " at " + config.endpoint()) + "; create it first";
                case 403 -> "access to the bucket '" + config.bucket() + "' is refused: check AWS_ACCESS_KEY_ID and"
                        + " AWS_SECRET_ACCESS_KEY (or the credentials the AWS SDK found) and the bucket's permissions";
                case 400, 301 -> "the bucket '" + config.bucket() + "' answered HTTP " + s3.statusCode()
                        + ": check FLOWRUN_S3_REGION" + (config.endpoint() == null ? "" : " and FLOWRUN_S3_ENDPOINT");
                default -> config.shown() + " answered HTTP " + s3.statusCode() + " to a check of the bucket";
            };
        }
        return config.shown() + " cannot be reached: " + S3Calls.firstLine(e)
                + (config.endpoint() == null ? "" : " (FLOWRUN_S3_ENDPOINT)");
    }
}
