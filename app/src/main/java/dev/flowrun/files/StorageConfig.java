package dev.flowrun.files;

import java.util.regex.Pattern;

/**
 * Where files live: the data directory ({@code FLOWRUN_STORAGE=file}, the default) or an S3-compatible bucket
 * ({@code s3://bucket/prefix}) with the settings of stores other than AWS S3 (README, Several instances).
 * Credentials are the usual AWS ones: given here when both keys are set, else the SDK's default chain.
 *
 * @param bucket null for the data directory
 * @param prefix the folder inside the bucket, without slashes at either end; empty for the bucket's root
 * @param endpoint null for AWS S3 itself
 * @param region null for the SDK's default chain (us-east-1 where it finds none)
 * @param pathStyle whether the bucket goes into the path rather than the host name
 */
public record StorageConfig(String bucket, String prefix, String endpoint, String region, boolean pathStyle,
                            String accessKeyId, String secretAccessKey, String sessionToken) {
    /** S3's own rules for a bucket name (lower-case letters, digits, dots and hyphens, 3 to 63 long). */
    private static final Pattern BUCKET = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

    public static final StorageConfig FILE = new StorageConfig(null, "", null, null, false, null, null, null);

    public boolean objectStore() {
        return bucket != null;
    }

    /** The bucket and prefix of an {@code s3://bucket/prefix} value; IllegalArgumentException saying what is wrong. */
    public static String[] parseLocation(String value) {
        if (!value.startsWith("s3://")) {
            throw new IllegalArgumentException("file or s3://bucket/prefix");
        }
        String rest = value.substring("s3://".length());
        int slash = rest.indexOf('/');
        String bucket = slash < 0 ? rest : rest.substring(0, slash);
        String prefix = slash < 0 ? "" : rest.substring(slash + 1).replaceAll("^/+|/+$", "");
        if (!BUCKET.matcher(bucket).matches()) {
            throw new IllegalArgumentException("s3://bucket/prefix with a bucket name of 3 to 63 lower-case letters,"
                    + " digits, dots and hyphens");
        }
        if (!prefix.isEmpty() && !FileKeys.isValid(prefix)) {
            throw new IllegalArgumentException("s3://bucket/prefix with a prefix of plain /-separated names");
        }
        return new String[] {bucket, prefix};
    }

    /** Where the store is, for messages: never a credential. */
    public String shown() {
        if (!objectStore()) {
            return "the data directory";
        }
        return "s3://" + bucket + (prefix.isEmpty() ? "" : "/" + prefix) + (endpoint == null ? "" : " at " + endpoint);
    }

    @Override
    public String toString() {
        return shown();
    }
}
