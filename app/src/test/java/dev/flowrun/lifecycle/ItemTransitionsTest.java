package dev.flowrun.lifecycle;

import static dev.flowrun.lifecycle.LifecycleDatabase.T;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An item's transitions: claimed in turn, finished under its claim and counted, discarded, given back, taken over.
 */
class ItemTransitionsTest {
    final LifecycleDatabase db = new LifecycleDatabase("item-transitions");
    final ItemClaims claims = new ItemClaims(db.jdbi, () -> "instance-a", !db.database().dialect().exclusive());

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void aClaimRunsTheNextItemAndStartsItsRun() {
        long runId = db.run(2);
        ClaimedItem claimed = claims.next(T).orElseThrow();
        assertThat(claimed.runId()).isEqualTo(runId);
        assertThat(claimed.itemId()).isEqualTo(db.items(runId).get(0));
        assertThat(claimed.claim()).isEqualTo("instance-a");
        assertThat(db.itemStatus(claimed.itemId())).isEqualTo(ItemStatus.RUNNING);
        assertThat(db.runStatus(runId)).isEqualTo(RunStatus.RUNNING);
    }

    @Test
    void nothingIsClaimedWhenNothingIsQueued() {
        long runId = db.run(1);
        claims.next(T).orElseThrow();
        assertThat(claims.next(T)).isEmpty();
        long cancelled = db.run(1);
        db.jdbi.useTransaction(handle -> RunTransitions.cancel(handle, db.workspaceId, cancelled, T, db.signals));
        assertThat(claims.next(T)).as("a cancelled run's items are not queued").isEmpty();
        int queued = db.jdbi.withHandle(handle -> ItemTransitions.queued(handle, false));
        assertThat(queued).isZero();
        assertThat(db.runStatus(runId)).isEqualTo(RunStatus.RUNNING);
    }

    @Test
    void theLastItemCountedFinishesTheRunOnce() {
        long runId = db.run(2);
        ClaimedItem first = claims.next(T).orElseThrow();
        ClaimedItem second = claims.next(T).orElseThrow();
        assertThat(finish(first, ItemStatus.COMPLETED)).isEqualTo(ItemFinish.COUNTED);
        assertThat(db.finished).isEmpty();
        assertThat(finish(second, ItemStatus.FAILED)).isEqualTo(ItemFinish.RUN_FINISHED);
        assertThat(db.runStatus(runId)).isEqualTo(RunStatus.PARTIAL);
        assertThat(db.itemStatus(second.itemId())).isEqualTo(ItemStatus.FAILED);
        assertThat(db.finished).containsExactly(runId);
        assertThat(finish(second, ItemStatus.COMPLETED)).as("an item ends once").isEqualTo(ItemFinish.TAKEN_OVER);
        assertThat(db.finished).containsExactly(runId);
    }

    @Test
    void anEndUnderAnotherClaimChangesNothing() {
        long runId = db.run(1);
        ClaimedItem claimed = claims.next(T).orElseThrow();
        var stranger = new ClaimedItem(runId, claimed.itemId(), "instance-b", claimed.inputs());
        assertThat(finish(stranger, ItemStatus.COMPLETED)).isEqualTo(ItemFinish.TAKEN_OVER);
        assertThat(db.itemStatus(claimed.itemId())).isEqualTo(ItemStatus.RUNNING);
        assertThat(db.number("SELECT completed_items FROM runs WHERE id = " + runId)).isZero();
    }

    @Test
    void anItemOfACancelledRunIsDiscarded() {
        long runId = db.run(1);
        ClaimedItem claimed = claims.next(T).orElseThrow();
        db.jdbi.useTransaction(handle -> RunTransitions.cancel(handle, db.workspaceId, runId, T, db.signals));
        List<ItemStatus> told = new ArrayList<>();
        ItemFinish finish = db.jdbi.inTransaction(handle -> ItemTransitions.finish(handle, claimed,
                end(claimed, ItemStatus.COMPLETED), List.of("out"), T.plusSeconds(1), new ItemTransitions.FinishSteps() {
                    @Override
                    public void writeNodeStates(Handle handle) {
                    }

                    @Override
                    public void ended(Handle handle, ItemStatus status) {
                        told.add(status);
                    }
                }, db.signals));
        assertThat(finish).isEqualTo(ItemFinish.DISCARDED);
        assertThat(told).containsExactly(ItemStatus.CANCELLED);
        assertThat(db.itemStatus(claimed.itemId())).isEqualTo(ItemStatus.CANCELLED);
        assertThat(db.number("SELECT COUNT(*) FROM item_outputs WHERE run_id = " + runId)).isZero();
        assertThat(db.finished).as("the cancel was the run's end").containsExactly(runId);
    }

    @Test
    void outputsNodeStatesAndTheReviewMarkAreWrittenWithTheEnd() {
        long runId = db.run(1);
        ClaimedItem claimed = claims.next(T).orElseThrow();
        var change = new NodeStateChange("out", NodeStatus.COMPLETED, "[\"runs/1/out/1/out/a.png\"]", T, T, "model",
                0.25);
        ItemEnd toReview = new ItemEnd(ItemStatus.COMPLETED, null, null, end(claimed, ItemStatus.COMPLETED).outputs(),
                true);
        ItemFinish finish = db.jdbi.inTransaction(handle -> ItemTransitions.finish(handle, claimed,
                toReview, List.of("out"), T.plusSeconds(1), new ItemTransitions.FinishSteps() {
                    @Override
                    public void writeNodeStates(Handle handle) {
                        ItemTransitions.writeNodeStates(handle, db.database().dialect(), claimed.itemId(),
                                List.of(change));
                    }

                    @Override
                    public void ended(Handle handle, ItemStatus status) {
                    }
                }, db.signals));
        assertThat(finish).isEqualTo(ItemFinish.RUN_FINISHED);
        assertThat(db.runStatus(runId)).isEqualTo(RunStatus.COMPLETED);
        assertThat(db.number("SELECT output_count FROM runs WHERE id = " + runId)).isEqualTo(1);
        assertThat(db.text("SELECT file_key FROM item_outputs WHERE item_id = " + claimed.itemId()))
                .isEqualTo("runs/1/out/1/out/a.png");
        assertThat(NodeStatus.stored(db.text("SELECT status FROM node_states WHERE item_id = " + claimed.itemId())))
                .isEqualTo(NodeStatus.COMPLETED);
        assertThat(db.text("SELECT method FROM node_states WHERE item_id = " + claimed.itemId())).isEqualTo("model");
        assertThat(db.number("SELECT review_items FROM runs WHERE id = " + runId)).isEqualTo(1);
        assertThat(db.number("SELECT COUNT(*) FROM run_items WHERE needs_review = TRUE AND id = " + claimed.itemId()))
                .isEqualTo(1);
        assertThat(db.number("SELECT COUNT(*) FROM run_events WHERE run_id = " + runId + " AND name = 'item'"))
                .as("the item's live event").isEqualTo(1);
    }

    @Test
    void aTakeoverQueuesAGoneInstancesItemsAgainAndACancelledRunsEndCancelled() {
        long wanted = db.run(1);
        long cancelled = db.run(1);
        ClaimedItem first = claims.next(T).orElseThrow();
        ClaimedItem second = claims.next(T).orElseThrow();
        db.jdbi.useTransaction(handle -> RunTransitions.cancel(handle, db.workspaceId, cancelled, T, db.signals));
        ItemTransitions.TakenOver moved = db.jdbi.inTransaction(handle ->
                ItemTransitions.takeOver(handle, Abandoned.by("instance-a", "instance-b"), T.plusSeconds(1)));
        assertThat(moved).isEqualTo(new ItemTransitions.TakenOver(1, 1));
        assertThat(db.itemStatus(first.runId() == wanted ? first.itemId() : second.itemId()))
                .isEqualTo(ItemStatus.QUEUED);
        assertThat(db.itemStatus(first.runId() == cancelled ? first.itemId() : second.itemId()))
                .isEqualTo(ItemStatus.CANCELLED);
        Optional<ClaimedItem> again = new ItemClaims(db.jdbi, () -> "instance-b", false).next(T.plusSeconds(2));
        assertThat(again).map(ClaimedItem::runId).contains(wanted);
        assertThat(finish(first.runId() == wanted ? first : second, ItemStatus.COMPLETED))
                .as("the gone instance's attempt no longer counts").isEqualTo(ItemFinish.TAKEN_OVER);
    }

    @Test
    void anItemGivenBackUnderItsClaimIsQueuedAgainInItsTurn() {
        long runId = db.run(2);
        ClaimedItem claimed = claims.next(T).orElseThrow();
        var stranger = new ClaimedItem(runId, claimed.itemId(), "instance-b", claimed.inputs());
        assertThat(giveBack(stranger)).as("not the item's claim").isFalse();
        assertThat(db.itemStatus(claimed.itemId())).isEqualTo(ItemStatus.RUNNING);

        assertThat(giveBack(claimed)).isTrue();
        assertThat(db.itemStatus(claimed.itemId())).isEqualTo(ItemStatus.QUEUED);
        assertThat(db.text("SELECT claimed_by FROM run_items WHERE id = " + claimed.itemId())).isNull();
        assertThat(claims.next(T.plusSeconds(2)).map(ClaimedItem::itemId)).as("it keeps its turn")
                .contains(claimed.itemId());
        assertThat(finish(claimed, ItemStatus.COMPLETED)).as("claimed again: the same claim counts")
                .isEqualTo(ItemFinish.COUNTED);
        assertThat(giveBack(claimed)).as("an item ended is not given back").isFalse();
        assertThat(db.itemStatus(claimed.itemId())).isEqualTo(ItemStatus.COMPLETED);
    }

    @Test
    void anItemGivenBackAfterItsRunWasCancelledEndsCancelled() {
        long runId = db.run(1);
        ClaimedItem claimed = claims.next(T).orElseThrow();
        db.jdbi.useTransaction(handle -> RunTransitions.cancel(handle, db.workspaceId, runId, T, db.signals));
        assertThat(giveBack(claimed)).isFalse();
        assertThat(db.itemStatus(claimed.itemId())).isEqualTo(ItemStatus.CANCELLED);
        assertThat(claims.next(T.plusSeconds(2))).isEmpty();
    }

    private boolean giveBack(ClaimedItem item) {
        return db.jdbi.inTransaction(handle -> ItemTransitions.giveBack(handle, item, T.plusSeconds(1)));
    }

    private ItemFinish finish(ClaimedItem item, ItemStatus status) {
        return db.jdbi.inTransaction(handle -> ItemTransitions.finish(handle, item, end(item, status), List.of("out"),
                T.plusSeconds(1), ItemTransitions.FinishSteps.NONE, db.signals));
    }

    private static ItemEnd end(ClaimedItem item, ItemStatus status) {
        return status == ItemStatus.COMPLETED
                ? new ItemEnd(status, null, null, List.of(new OutputRow(0, item.runId(), item.itemId(), "out",
                        "runs/1/out/1/out/a.png", "a.png", "[]")), false)
                : new ItemEnd(status, "node_failed", "it broke", List.of(), false);
    }
}
