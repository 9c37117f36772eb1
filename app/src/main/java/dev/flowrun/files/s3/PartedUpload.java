package dev.flowrun.files.s3;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.NoSuchFileException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The stream a writer fills for one object. Bytes gather in a buffer that grows with them up to one part: a small
 * file goes up in one PUT on {@link #complete}, a larger one as a multipart upload, a part each time the buffer is
 * full, so no more than one part is ever held in memory. Either way the object appears only when complete; an
 * upload never completed is aborted ({@link #abort}), and one a crash cut short is never visible (S3 keeps its parts
 * aside until a lifecycle rule or the retention sweep aborts it). Closing the stream does neither: its owner decides.
 */
final class PartedUpload extends OutputStream {
    private final S3Calls calls;
    private final String objectKey;
    private final int partSize;
    private byte[] buffer = new byte[8 * 1024];
    private int filled;
    private String uploadId;
    private final List<CompletedPart> parts = new ArrayList<>();
    private boolean done;
    /** The MD5 of what went up in parts, to know the object again (below). */
    private final MessageDigest whole = md5();

    PartedUpload(S3Calls calls, String objectKey, int partSize) {
        this.calls = calls;
        this.objectKey = objectKey;
        this.partSize = partSize;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        while (length > 0) {
            if (filled == partSize) {
                sendPart();
            }
            if (filled == buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.min(partSize, buffer.length * 2));
            }
            int n = Math.min(length, buffer.length - filled);
            System.arraycopy(bytes, offset, buffer, filled, n);
            filled += n;
            offset += n;
            length -= n;
        }
    }

    /** Makes the object visible, whole; returns its length. */
    long complete() throws IOException {
        long length = (long) parts.size() * partSize + filled;
        if (uploadId == null) {
            calls.put(objectKey, body());
        } else {
            if (filled > 0) {
                sendPart();
            }
            try {
                calls.completeUpload(objectKey, uploadId, parts);
            } catch (IOException e) {
                // The upload is gone (404): aborted, or completed by an attempt whose answer was lost, the SDK then
                // asking again. The object is ours if it is these very bytes: its ETag is the MD5 of the parts' MD5s
                // (S3, MinIO, Ceph) or of the whole (S3Proxy).
                if (!gone(e) || !calls.holds(objectKey, length, List.of(multipartEtag(),
                        HexFormat.of().formatHex(whole.digest())))) {
                    throw e;
                }
            }
        }
        done = true;
        buffer = null;
        return length;
    }

    /** Drops what was sent of an upload that is not to be completed; harmless after {@link #complete}. */
    void abort() {
        buffer = null;
        if (!done && uploadId != null) {
            calls.abortUploadQuietly(objectKey, uploadId);
        }
        done = true;
    }

    private void sendPart() throws IOException {
        if (uploadId == null) {
            uploadId = calls.startUpload(objectKey);
        }
        parts.add(calls.uploadPart(objectKey, uploadId, parts.size() + 1, body()));
        whole.update(buffer, 0, filled);
        filled = 0;
    }

    private static boolean gone(IOException e) {
        return e instanceof NoSuchFileException
                || e.getCause() instanceof S3Exception s3 && s3.statusCode() == 404;
    }

    /** The ETag S3 gives an object completed from these parts: the MD5 of their MD5s, then their count. */
    private String multipartEtag() {
        MessageDigest md5 = md5();
        try {
            for (CompletedPart part : parts) {
                md5.update(HexFormat.of().parseHex(part.eTag().replace("\"", "")));
            }
        } catch (IllegalArgumentException e) {
            return ""; // ETags that are no MD5 (encrypted objects): never matched, so the failure stands
        }
        return HexFormat.of().formatHex(md5.digest()) + "-" + parts.size();
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The buffer as a body the SDK may read again for a retry, without a copy of it. */
    private RequestBody body() {
        byte[] bytes = buffer;
        int length = filled;
        return RequestBody.fromContentProvider(() -> new ByteArrayInputStream(bytes, 0, length), length,
                "application/octet-stream");
    }
}
