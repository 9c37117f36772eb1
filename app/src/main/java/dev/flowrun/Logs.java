package dev.flowrun;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * The log's format on standard output (README, Operating it). Text is what {@link LogConfiguration} sets up; JSON
 * replaces the encoder of that same appender with logback's own {@link JsonEncoder}: one object per line, the run and
 * item ids of a line in its {@code mdc}.
 */
public final class Logs {
    private Logs() {
    }

    /** Everything the process logs goes to standard output in {@code format}: java.util.logging (OkHttp's) too. */
    public static void use(Config.LogFormat format) {
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        if (format != Config.LogFormat.JSON
                || !(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)
                || !(context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender(LogConfiguration.STDOUT)
                        instanceof ConsoleAppender<ILoggingEvent> console)) {
            return;
        }
        JsonEncoder encoder = new JsonEncoder();
        encoder.setContext(context);
        // The line as text reads (formattedMessage) and its pattern (message, to group lines of one kind by); the
        // arguments would only repeat what formattedMessage shows.
        encoder.setWithSequenceNumber(false);
        encoder.setWithNanoseconds(false);
        encoder.setWithContext(false);
        encoder.setWithArguments(false);
        encoder.setWithFormattedMessage(true);
        encoder.start();
        console.stop();
        console.setEncoder(encoder);
        console.start();
    }
}
