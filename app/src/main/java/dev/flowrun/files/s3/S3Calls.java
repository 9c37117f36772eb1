package dev.flowrun.files.s3;

import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.files.StoredFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The S3 requests {@link ObjectStore} makes, each turned into what the rest of flowrun understands: a missing
 * object is a {@link NoSuchFileException}, anything else the store does wrong (unreachable, refusing, failing after
 * the SDK's retries) a {@link StorageUnavailable}, an interrupt an {@link InterruptedIOException}.
 */
final class S3Calls {
    private static final Logger LOG = LoggerFactory.getLogger(S3Calls.class);
    /**
     * Requests without a body to move (metadata, listings, deletes) answer fast or not at all, retries included; a
     * busy store (or machine) may take a few seconds.
     */
    private static final Duration SHORT_CALL = Duration.ofSeconds(10);
    /** The health check: a balancer asking must hear within its own few seconds. */
    private static final Duration CHECK_CALL = Duration.ofSeconds(3);
    private final S3Client s3;
    private final String bucket;
    /** Set once the store has said it cannot delete several objects in one request. */
    private volatile boolean oneByOne;

    S3Calls(S3Client s3, String bucket) {
        this.s3 = s3;
        this.bucket = bucket;
    }

    String bucket() {
        return bucket;
    }

    void put(String key, RequestBody body) throws IOException {
        call(key, () -> s3.putObject(b -> b.bucket(bucket).key(key), body));
    }

    String startUpload(String key) throws IOException {
        return call(key, () -> s3.createMultipartUpload(b -> b.bucket(bucket).key(key).overrideConfiguration(
                SHORT))).uploadId();
    }

    CompletedPart uploadPart(String key, String uploadId, int number, RequestBody body) throws IOException {
        String etag = call(key, () -> s3.uploadPart(b -> b.bucket(bucket).key(key).uploadId(uploadId)
                .partNumber(number), body)).eTag();
        return CompletedPart.builder().partNumber(number).eTag(etag).build();
    }

    void completeUpload(String key, String uploadId, List<CompletedPart> parts) throws IOException {
        call(key, () -> s3.completeMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId)
                .multipartUpload(m -> m.parts(parts))));
    }

    void abortUploadQuietly(String key, String uploadId) {
        try {
            call(key, () -> s3.abortMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId)
                    .overrideConfiguration(SHORT)));
        } catch (IOException e) {
            if (e.getCause() instanceof S3Exception s3 && "NoSuchUpload".equals(code(s3))) {
                return; // aborted already (by another instance's sweep) or completed: gone either way
            }
            // Its parts stay aside, never visible; the retention sweep (or a bucket lifecycle rule) aborts it later.
            LOG.warn("could not abort the upload of {}: {}", key, e.getMessage());
        }
    }

    /** The multipart uploads under {@code prefix} not completed nor aborted yet. */
    List<MultipartUpload> uploadsUnder(String prefix) throws IOException {
        return call(prefix, () -> s3.listMultipartUploadsPaginator(b -> b.bucket(bucket).prefix(prefix)
                .overrideConfiguration(SHORT)).uploads().stream().toList());
    }

    /** Null for a missing object. */
    StoredFile head(String key) throws IOException {
        try {
            var head = call(key, () -> s3.headObject(b -> b.bucket(bucket).key(key).overrideConfiguration(SHORT)));
            return new StoredFile(head.contentLength(), head.lastModified());
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** Whether the object is there with this length and one of these ETags (quotes aside). */
    boolean holds(String key, long length, List<String> etags) throws IOException {
        try {
            var head = call(key, () -> s3.headObject(b -> b.bucket(bucket).key(key).overrideConfiguration(SHORT)));
            return head.contentLength() == length && etags.contains(head.eTag().replace("\"", ""));
        } catch (NoSuchFileException e) {
            return false;
        }
    }

    /** {@code range} is an HTTP Range value or null for the whole object. */
    InputStream get(String key, String range) throws IOException {
        // No short limit: the call returns once the answer begins, and a large file takes its time to read.
        return call(key, () -> s3.getObject(b -> b.bucket(bucket).key(key).range(range)));
    }

    void copy(String from, String to) throws IOException {
        call(from, () -> s3.copyObject(b -> b.sourceBucket(bucket).sourceKey(from).destinationBucket(bucket)
                .destinationKey(to)));
    }

    void delete(String key) throws IOException {
        call(key, () -> s3.deleteObject(b -> b.bucket(bucket).key(key).overrideConfiguration(SHORT)));
    }

    /**
     * At most 1,000 keys, one request where the store deletes many at once; else (S3Proxy, some gateways answer 501)
     * one by one from then on.
     */
    void delete(List<String> keys) throws IOException {
        if (oneByOne) {
            for (String key : keys) {
                delete(key);
            }
            return;
        }
        try {
            deleteMany(keys);
        } catch (StorageUnavailable e) {
            if (!(e.getCause() instanceof S3Exception s3) || s3.statusCode() != 501) {
                throw e;
            }
            oneByOne = true;
            delete(keys);
        }
    }

    private void deleteMany(List<String> keys) throws IOException {
        List<ObjectIdentifier> ids = keys.stream().map(k -> ObjectIdentifier.builder().key(k).build()).toList();
        var answer = call(keys.get(0), () -> s3.deleteObjects(b -> b.bucket(bucket)
                .delete(Delete.builder().objects(ids).quiet(true).build()).overrideConfiguration(SHORT)));
        if (answer.hasErrors() && !answer.errors().isEmpty()) {
            var first = answer.errors().get(0);
            throw new StorageUnavailable("the object store did not delete " + answer.errors().size() + " of "
                    + keys.size() + " objects, " + first.key() + " first: " + first.code() + " " + first.message(), null);
        }
    }

    /** Every object whose key starts with {@code prefix}, page by page. */
    List<S3Object> objects(String prefix) throws IOException {
        return call(prefix, () -> s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix)
                .overrideConfiguration(SHORT)).contents().stream().toList());
    }

    /** The names directly under the folder {@code prefix} (which ends with a slash): objects and sub-folders. */
    List<String> names(String prefix) throws IOException {
        return call(prefix, () -> {
            var pages = s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix).delimiter("/")
                    .overrideConfiguration(SHORT));
            var folders = pages.commonPrefixes().stream().map(CommonPrefix::prefix)
                    .map(p -> p.substring(prefix.length(), p.length() - 1));
            var files = pages.contents().stream().map(S3Object::key).map(k -> k.substring(prefix.length()));
            return java.util.stream.Stream.concat(folders, files).filter(n -> !n.isEmpty()).toList();
        });
    }

    void headBucket() throws IOException {
        call(bucket, () -> s3.headBucket(b -> b.bucket(bucket).overrideConfiguration(o -> o.apiCallTimeout(CHECK_CALL))));
    }

    private static final Consumer<software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration.Builder> SHORT =
            o -> o.apiCallTimeout(SHORT_CALL);

    private interface Call<T> {
        T run();
    }

    private <T> T call(String key, Call<T> call) throws IOException {
        try {
            return call.run();
        } catch (NoSuchKeyException e) {
            throw new NoSuchFileException(key);
        } catch (S3Exception e) {
            if (e.statusCode() == 404 && !"NoSuchBucket".equals(code(e)) && !"NoSuchUpload".equals(code(e))) {
                throw new NoSuchFileException(key);
            }
            throw new StorageUnavailable("the object store refused a request for " + key + ": HTTP " + e.statusCode()
                    + (code(e) == null ? "" : " " + code(e)), e);
        } catch (AbortedException e) {
            throw interrupted(e);
        } catch (SdkException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw interrupted(e);
            }
            throw new StorageUnavailable("the object store cannot be reached: " + firstLine(e), e);
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static InterruptedIOException interrupted(Exception e) {
        var interrupted = new InterruptedIOException("interrupted while waiting for the object store");
        interrupted.initCause(e);
        return interrupted;
    }

    static String code(S3Exception e) {
        return e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
    }

    static String firstLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return message.lines().findFirst().orElse("").strip();
    }
}
