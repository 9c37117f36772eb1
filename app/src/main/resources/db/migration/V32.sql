-- Every status column holds one of its machine's statuses (lifecycle's RunStatus, ItemStatus, NodeStatus,
-- DeliveryStatus), and a run or item has finished_at exactly when its status is terminal. Rows written before these
-- rules that break the second are mended first: a terminal row without finished_at is dated by its run's end (or
-- last update), an active one loses a finished_at it cannot have. A paused run is never terminal.
UPDATE runs SET finished_at = updated_at
WHERE status IN ('completed', 'partial', 'failed', 'cancelled') AND finished_at IS NULL;
UPDATE runs SET finished_at = NULL WHERE status IN ('queued', 'running') AND finished_at IS NOT NULL;
UPDATE run_items SET finished_at = (SELECT COALESCE(r.finished_at, r.updated_at) FROM runs r WHERE r.id = run_items.run_id)
WHERE status IN ('completed', 'failed', 'cancelled') AND finished_at IS NULL;
UPDATE run_items SET finished_at = NULL WHERE status IN ('queued', 'running') AND finished_at IS NOT NULL;

ALTER TABLE runs ADD CONSTRAINT runs_status_known
    CHECK (status IN ('queued', 'running', 'completed', 'partial', 'failed', 'cancelled'));
ALTER TABLE runs ADD CONSTRAINT runs_finished_when_terminal
    CHECK ((status IN ('queued', 'running') AND finished_at IS NULL)
        OR (status IN ('completed', 'partial', 'failed', 'cancelled') AND finished_at IS NOT NULL));
ALTER TABLE runs ADD CONSTRAINT runs_paused_only_active CHECK (paused_at IS NULL OR status IN ('queued', 'running'));
ALTER TABLE runs ADD CONSTRAINT runs_priority_known CHECK (priority BETWEEN 0 AND 2);

ALTER TABLE run_items ADD CONSTRAINT run_items_status_known
    CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled'));
ALTER TABLE run_items ADD CONSTRAINT run_items_finished_when_terminal
    CHECK ((status IN ('queued', 'running') AND finished_at IS NULL)
        OR (status IN ('completed', 'failed', 'cancelled') AND finished_at IS NOT NULL));
ALTER TABLE run_items ADD CONSTRAINT run_items_held_only_queued CHECK (held = FALSE OR status = 'queued');
ALTER TABLE run_items ADD CONSTRAINT run_items_priority_known CHECK (priority BETWEEN 0 AND 2);

ALTER TABLE node_states ADD CONSTRAINT node_states_status_known
    CHECK (status IN ('pending', 'running', 'completed', 'failed', 'skipped'));
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_known
    CHECK (status IN ('pending', 'delivered', 'failed'));
ALTER TABLE run_events ADD CONSTRAINT run_events_run_status_known
    CHECK (run_status IN ('queued', 'running', 'completed', 'partial', 'failed', 'cancelled'));
ALTER TABLE run_events ADD CONSTRAINT run_events_item_status_known
    CHECK (item_status IS NULL OR item_status IN ('completed', 'failed', 'cancelled'));
