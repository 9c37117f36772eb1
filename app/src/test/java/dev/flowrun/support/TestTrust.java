package dev.flowrun.support;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import okhttp3.tls.HeldCertificate;

/**
 * Makes clients built from now on trust one test certificate (and only it), through the standard
 * {@code javax.net.ssl.trustStore} properties the service reads (README, Webhooks), as a user would.
 */
public final class TestTrust {
    private TestTrust() {
    }

    public static void trustOnly(HeldCertificate certificate) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setCertificateEntry("receiver", certificate.certificate());
            Path file = Files.createTempFile("flowrun-truststore", ".p12");
            try (OutputStream out = Files.newOutputStream(file)) {
                store.store(out, "changeit".toCharArray());
            }
            System.setProperty("javax.net.ssl.trustStore", file.toString());
            System.setProperty("javax.net.ssl.trustStorePassword", "changeit");
            System.setProperty("javax.net.ssl.trustStoreType", "PKCS12");
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void forget() {
        System.clearProperty("javax.net.ssl.trustStore");
        System.clearProperty("javax.net.ssl.trustStorePassword");
        System.clearProperty("javax.net.ssl.trustStoreType");
    }
}
