-- A run's live events (GET /workflows/runs/{runId}/events), each written in the transaction of the change it tells.
-- seq is the event's id: runs.event_seq counts a run's events, and bumping it locks the run's row until the commit,
-- so a run's events commit in the order of their ids and every instance reads the same ones. An event carries the
-- run's status and counts as that transaction left them. Old events are pruned; the counter stays.
ALTER TABLE runs ADD COLUMN event_seq BIGINT DEFAULT 0 NOT NULL;

CREATE TABLE run_events (
    run_id          BIGINT NOT NULL,
    seq             BIGINT NOT NULL,
    name            VARCHAR(8) NOT NULL,
    item_id         BIGINT,
    item_status     VARCHAR(16),
    run_status      VARCHAR(16) NOT NULL,
    total_items     INT NOT NULL,
    completed_items INT NOT NULL,
    failed_items    INT NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (run_id, seq)
);

CREATE INDEX run_events_by_age ON run_events (created_at);
