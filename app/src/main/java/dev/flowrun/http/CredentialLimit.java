package dev.flowrun.http;

import dev.flowrun.error.RateLimited;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Failed credentials (API keys, the admin token) counted per client address: past {@link #LIMIT} failures within a
 * minute, the address is refused for a minute, with a correct credential too, since answering that one would tell a
 * guesser which guess was right (docs/security.md, Credentials). The address is the connection's own: a header such
 * as {@code X-Forwarded-For} is anyone's to write. At most {@link #MAX_ADDRESSES} addresses are kept, so a flood from
 * many addresses costs bounded memory; past it the oldest entries that are not blocked go first.
 */
final class CredentialLimit {
    static final int LIMIT = 20;
    static final int MAX_ADDRESSES = 10_000;
    private static final long WINDOW_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final Logger LOG = LoggerFactory.getLogger(CredentialLimit.class);
    private final LongSupplier nanoTime;
    /** In order of first failure: the eldest are the first to let go when the table is full. */
    private final Map<String, Failures> byAddress = new LinkedHashMap<>();

    CredentialLimit(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /** Throws {@link RateLimited} while {@code address} is blocked. */
    synchronized void check(String address) {
        Failures failures = byAddress.get(address);
        if (failures == null) {
            return;
        }
        long now = nanoTime.getAsLong();
        if (failures.blockedUntil != 0 && now - failures.blockedUntil < 0) {
            throw new RateLimited(Math.max(1, TimeUnit.NANOSECONDS.toSeconds(failures.blockedUntil - now + 999_999_999)));
        }
        if (now - failures.windowStart >= WINDOW_NANOS) {
            byAddress.remove(address);
        }
    }

    /** Counts a wrong credential from {@code address}; the {@link #LIMIT}th within a minute starts a block. */
    synchronized void failed(String address) {
        long now = nanoTime.getAsLong();
        Failures failures = byAddress.get(address);
        if (failures == null || now - failures.windowStart >= WINDOW_NANOS) {
            byAddress.remove(address);
            makeRoom(now);
            failures = new Failures(now);
            byAddress.put(address, failures);
        }
        failures.count++;
        if (failures.count == LIMIT) {
            failures.blockedUntil = now + WINDOW_NANOS;
            // Once per block, and never the credential itself.
            LOG.warn("credentials: {} failed {} times within a minute; its requests are refused (429) for a minute",
                    address, LIMIT);
        }
    }

    synchronized int addresses() {
        return byAddress.size();
    }

    private void makeRoom(long now) {
        if (byAddress.size() < MAX_ADDRESSES) {
            return;
        }
        byAddress.values().removeIf(f -> now - f.windowStart >= WINDOW_NANOS
                && (f.blockedUntil == 0 || now - f.blockedUntil >= 0));
        for (Iterator<Failures> it = byAddress.values().iterator(); byAddress.size() >= MAX_ADDRESSES && it.hasNext(); ) {
            if (it.next().blockedUntil == 0) {
                it.remove();
            }
        }
        for (Iterator<Failures> it = byAddress.values().iterator(); byAddress.size() >= MAX_ADDRESSES && it.hasNext(); ) {
            it.next();
            it.remove();
        }
    }

    private static final class Failures {
        final long windowStart;
        int count;
        long blockedUntil;

        Failures(long windowStart) {
            this.windowStart = windowStart;
        }
    }
}
