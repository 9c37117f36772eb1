package dev.flowrun.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.support.Await;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The listening connection when the database answers but has no connection to give (its slots all taken). */
class NotificationsTest {

    @Test
    void aListeningConnectionThatCannotBeHadIsWarnedAboutOnceAndTriedAgainQuietly() {
        Logger logger = (Logger) LoggerFactory.getLogger(Notifications.class);
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        logger.addAppender(log);
        AtomicInteger attempts = new AtomicInteger();
        DatabaseAvailability database = new DatabaseAvailability(Jdbi.create("jdbc:h2:mem:notifications"), () -> {
        });
        Notifications notifications = new Notifications(() -> {
            attempts.incrementAndGet();
            throw new SQLException("FATAL: remaining connection slots are reserved for superuser connections",
                    "53300");
        }, Map.of(Notifications.ITEMS_QUEUED, payload -> { }), () -> { }, database);
        try {
            notifications.start();
            // Tried again after 1 s, then 2 s: three attempts in about three seconds.
            Await.until("three attempts to listen", Duration.ofSeconds(20), () -> attempts.get() >= 3);
            assertThat(log.list).filteredOn(event -> event.getLevel().isGreaterOrEqual(Level.WARN))
                    .hasSize(1).first().extracting(ILoggingEvent::getFormattedMessage).asString()
                    .contains("remaining connection slots").contains("trying again quietly");
        } finally {
            notifications.stop();
            database.stop();
            logger.detachAppender(log);
        }
    }
}
