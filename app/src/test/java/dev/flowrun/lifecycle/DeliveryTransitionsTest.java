package dev.flowrun.lifecycle;

import static dev.flowrun.lifecycle.LifecycleDatabase.T;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The webhook outbox: queued pending, each attempt recorded once, delivered or given up, taken over. */
class DeliveryTransitionsTest {
    final LifecycleDatabase db = new LifecycleDatabase("delivery-transitions");

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void anAttemptIsRecordedOnceWithTheDeliverysNewStatus() {
        long runId = queued("instance-a");
        assertThat(deliveries().find(runId)).map(Delivery::status).contains(DeliveryStatus.PENDING);
        var first = new Attempt(runId, 1, T, 500, null, 12);
        assertThat(record(first, DeliveryStatus.PENDING)).isTrue();
        assertThat(record(first, DeliveryStatus.PENDING)).as("the same attempt again").isFalse();
        assertThat(record(new Attempt(runId, 2, T.plusSeconds(5), 200, null, 8), DeliveryStatus.DELIVERED)).isTrue();
        Delivery delivery = deliveries().find(runId).orElseThrow();
        assertThat(delivery.status()).isEqualTo(DeliveryStatus.DELIVERED);
        assertThat(delivery.attempts()).isEqualTo(2);
        assertThat(deliveries().attempts(runId, 2)).extracting(Attempt::statusCode).containsExactly(500, 200);
        assertThat(record(new Attempt(runId, 3, T.plusSeconds(9), 200, null, 8), DeliveryStatus.DELIVERED))
                .as("a delivered delivery takes no attempt").isFalse();
    }

    @Test
    void aTakeoverMovesOnlyPendingDeliveries() {
        long pending = queued("instance-a");
        long delivered = queued("instance-a");
        record(new Attempt(delivered, 1, T, 200, null, 5), DeliveryStatus.DELIVERED);
        List<DeliveryTransitions.Owed> owed = db.jdbi.inTransaction(handle ->
                handle.attach(DeliveryTransitions.class).takeOver(Abandoned.by("instance-a", "instance-b")));
        assertThat(owed).extracting(DeliveryTransitions.Owed::runId).containsExactly(pending);
        assertThat(deliveries().find(pending)).map(Delivery::claimedBy).contains("instance-b");
        assertThat(deliveries().find(delivered)).map(Delivery::claimedBy).contains("instance-a");
    }

    private long queued(String claim) {
        long runId = db.run(1);
        deliveries().queue(runId, "https://example.com/hook", "{}", T, claim);
        return runId;
    }

    private boolean record(Attempt attempt, DeliveryStatus status) {
        return db.jdbi.inTransaction(handle -> handle.attach(DeliveryTransitions.class).record(attempt, status,
                status == DeliveryStatus.PENDING ? attempt.at().plusSeconds(1) : null, attempt.at()));
    }

    private DeliveryTransitions deliveries() {
        return db.jdbi.onDemand(DeliveryTransitions.class);
    }
}
