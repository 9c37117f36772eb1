package dev.flowrun;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version this build was made from (Maven writes it into flowrun.properties). */
public final class Version {
    private Version() {
    }

    public static String text() {
        var properties = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/flowrun.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // Only the log line loses the version.
        }
        return properties.getProperty("version", "unknown");
    }
}
