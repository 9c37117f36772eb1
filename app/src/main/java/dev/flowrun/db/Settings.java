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
        if (read(URL_SIGNING_SECRET).isEmpty()) {
            byte[] secret = new byte[32];
            new SecureRandom().nextBytes(secret);
            try {
                jdbi.useHandle(handle -> handle.createUpdate("""
                        INSERT INTO settings (setting_name, setting_value) VALUES (:name, :value)""")
                        .bind("name", URL_SIGNING_SECRET)
                        .bind("value", Base64.getEncoder().encodeToString(secret))
                        .execute());
            } catch (RuntimeException e) {
                // Another instance starting at the same moment inserted its own first: it is read below.
                if (!UniqueViolation.in(e)) {
                    throw e;
                }
            }
        }
        // Read back rather than use our own, whoever won the insert.
        return Base64.getDecoder().decode(read(URL_SIGNING_SECRET).orElseThrow());
    }

    private Optional<String> read(String name) {
        return jdbi.withHandle(handle -> handle
                .createQuery("SELECT setting_value FROM settings WHERE setting_name = :name")
                .bind("name", name).mapTo(String.class).findOne());
    }
}
