package dev.flowrun;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.util.Map;
import org.slf4j.Logger;

/**
 * The log's set-up (README, Operating it): one line per event on standard output, libraries speaking only when
 * something is wrong. Set up in code, found by logback as a service: reading it from an XML file loaded logback's
 * configuration machinery and an XML parser, about 640 classes, before the command line's first item could start.
 * {@code -Dlogback.configurationFile=FILE} still takes a configuration of one's own (and the tests' file, theirs).
 */
public final class LogConfiguration extends ContextAwareBase implements Configurator {
    /** The console appender's name, which {@link Logs#use} looks up to make it write JSON. */
    static final String STDOUT = "stdout";
    static final String PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSS'Z',UTC} %-5level [%thread] %logger{0}: %msg%n";
    /**
     * A connection cut by an outage is the outage, told once by DatabaseAvailability: not a warning with a stack
     * trace per connection from Hikari, nor advice about maxLifetime, which has nothing to do with it.
     */
    static final Map<String, Level> LEVELS = Map.of(
            "org.eclipse.jetty", Level.WARN,
            "io.javalin", Level.WARN,
            "com.zaxxer.hikari", Level.WARN,
            "com.zaxxer.hikari.pool.ProxyConnection", Level.ERROR,
            "com.zaxxer.hikari.pool.PoolBase", Level.ERROR,
            "org.jdbi", Level.WARN);

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName(STDOUT);
        console.setEncoder(encoder);
        console.start();
        LEVELS.forEach((name, level) -> context.getLogger(name).setLevel(level));
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(console);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
