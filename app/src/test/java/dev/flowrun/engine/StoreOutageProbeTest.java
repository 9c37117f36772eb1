package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.files.FileStore;
import dev.flowrun.support.Await;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The probe that asks an away store every second outlives a check that fails in a way the store does not name (a
 * client closed under it, a bug): it asks again, and still wakes the workers once the store answers, instead of
 * dying with a stack trace and leaving the items waiting until the outage limit.
 */
class StoreOutageProbeTest {
    @Test
    void anUnexpectedFailureOfTheCheckIsAskedAgainAndTheWorkersAreWokenOnceTheStoreAnswers() {
        AtomicInteger checks = new AtomicInteger();
        FileStore store = (FileStore) Proxy.newProxyInstance(FileStore.class.getClassLoader(),
                new Class<?>[] {FileStore.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("check")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    if (checks.incrementAndGet() <= 2) {
                        throw new IllegalStateException("Connection pool shut down");
                    }
                    return null;
                });
        AtomicBoolean woken = new AtomicBoolean();
        StoreOutage outage = new StoreOutage(store, Duration.ofMinutes(5), () -> woken.set(true), () -> false);

        assertThat(outage.met("test: refused")).as("within the limit: the item waits").isTrue();
        assertThat(outage.waiting()).isTrue();
        Await.until("the probe to ask past two failed checks and wake the workers", Duration.ofSeconds(30),
                woken::get);
        assertThat(checks.get()).isEqualTo(3);
        assertThat(outage.waiting()).as("the store answers: nothing waits").isFalse();
    }
}
