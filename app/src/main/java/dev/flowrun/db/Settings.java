package dev.flowrun.db;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/** Values the service makes for itself once and keeps: they live in the database, so every instance shares them. */
public final class Settings {
    private static final String URL_SIGNING_SECRET = "url_signing_secret";
    private final Jdbi jdbi;

    public Settings(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** The key signed file URLs are made with; created on first start so URLs survive restarts. */
    public byte[] urlSigningSecret() {
        Optional<String> existing = read(URL_SIGNING_SECRET);
        if (existing.isEmpty()) {
            byte[] secret = new byte[32];
            new SecureRandom().nextBytes(secret);
            jdbi.useHandle(handle -> handle.createUpdate("""
                    INSERT INTO settings (setting_name, setting_value)
                    SELECT :name, :value FROM settings WHERE setting_name = :name HAVING COUNT(*) = 0""")
                    .bind("name", URL_SIGNING_SECRET)
                    .bind("value", Base64.getEncoder().encodeToString(secret))
                    .execute());
        }
        // Read back rather than use our own: another instance may have won the insert.
        return Base64.getDecoder().decode(read(URL_SIGNING_SECRET).orElseThrow());
    }

    private Optional<String> read(String name) {
        return jdbi.withHandle(handle -> handle
                .createQuery("SELECT setting_value FROM settings WHERE setting_name = :name")
                .bind("name", name).mapTo(String.class).findOne());
    }
}
