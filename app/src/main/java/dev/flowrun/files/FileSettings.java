package dev.flowrun.files;

import dev.flowrun.work.Env;
import java.time.Duration;
import java.util.List;

/**
 * Where files live ({@code FLOWRUN_STORAGE} and, for an object store, {@code FLOWRUN_S3_*} and the AWS credentials;
 * README, Several instances) and how long a signed file URL works ({@code FLOWRUN_URL_TTL}).
 */
public record FileSettings(Duration urlTtl, StorageConfig storage) {
    public static final List<String> VARIABLES = List.of("FLOWRUN_URL_TTL", "FLOWRUN_STORAGE", "FLOWRUN_S3_ENDPOINT",
            "FLOWRUN_S3_REGION", "FLOWRUN_S3_PATH_STYLE", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
            "AWS_SESSION_TOKEN");

    public static FileSettings fromEnv(Env env) {
        return new FileSettings(env.duration("FLOWRUN_URL_TTL", Duration.ofHours(24)), storage(env));
    }

    private static StorageConfig storage(Env env) {
        String value = env.raw("FLOWRUN_STORAGE");
        if (value == null || value.equals("file")) {
            return StorageConfig.FILE;
        }
        String[] location;
        try {
            location = StorageConfig.parseLocation(value);
        } catch (IllegalArgumentException e) {
            throw env.bad("FLOWRUN_STORAGE", value, e.getMessage());
        }
        String endpoint = env.url("FLOWRUN_S3_ENDPOINT");
        String region = env.raw("FLOWRUN_S3_REGION");
        if (region != null && !region.matches("[a-z0-9-]{1,40}")) {
            throw env.bad("FLOWRUN_S3_REGION", region, "a region name such as us-east-1");
        }
        // A store of one's own (MinIO, Ceph, S3Proxy) seldom has a DNS name per bucket; AWS S3 prefers one.
        boolean pathStyle = env.bool("FLOWRUN_S3_PATH_STYLE", endpoint != null);
        String keyId = env.raw("AWS_ACCESS_KEY_ID");
        String secret = env.raw("AWS_SECRET_ACCESS_KEY");
        if ((keyId == null) != (secret == null)) {
            throw new Env.Invalid((keyId == null ? "AWS_ACCESS_KEY_ID" : "AWS_SECRET_ACCESS_KEY")
                    + " is not set, but " + (keyId == null ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID")
                    + " is: set both or neither (then the AWS SDK's default credentials are used).");
        }
        return new StorageConfig(location[0], location[1], endpoint, region, pathStyle, keyId, secret,
                keyId == null ? null : env.raw("AWS_SESSION_TOKEN"));
    }
}
