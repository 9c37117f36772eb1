package dev.flowrun;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The settings in force, logged before anything is opened: if start-up fails, the log already says with what. */
final class StartLine {
    /** App's: the start line and the one that says the app listens read as the same logger's. */
    private static final Logger LOG = LoggerFactory.getLogger(App.class);

    private StartLine() {
    }

    static void log(Config config, Address address) {
        LOG.info("flowrun {} starting: address {}, data directory {}, database {}, workers {}, model {}, "
                        + "private networks {}, admin endpoints {}",
                Version.text(), address.hostAndPort(), config.dataDir().toAbsolutePath().normalize(),
                databaseKind(config.effectiveDbUrl()), config.workers(), config.modelSummary(),
                config.allowPrivateNetworks() ? "allowed" : "blocked", config.adminToken() != null ? "on" : "off");
    }

    /** {@code h2 (file)}, {@code postgresql}: the kind only, as a URL may carry a password. */
    static String databaseKind(String jdbcUrl) {
        String[] parts = jdbcUrl.split(":", 4);
        if (parts.length < 3) {
            return "unknown";
        }
        if (!parts[1].equals("h2")) {
            return parts[1];
        }
        return switch (parts[2]) {
            case "mem" -> "h2 (in memory)";
            case "tcp", "ssl" -> "h2 (server)";
            default -> "h2 (file)";
        };
    }
}
