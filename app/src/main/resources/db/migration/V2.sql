-- Webhook outbox: one row per run that owes (or owed) its run.finished event. The primary key on run_id
-- makes a second event for a run impossible, whatever the code above does.
CREATE TABLE webhook_deliveries (
    run_id          BIGINT PRIMARY KEY REFERENCES runs (id),
    url             VARCHAR(1024) NOT NULL,
    payload         VARCHAR NOT NULL,
    status          VARCHAR(16) NOT NULL,
    attempts        INT NOT NULL,
    next_attempt_at TIMESTAMP WITH TIME ZONE,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);

CREATE TABLE webhook_attempts (
    run_id      BIGINT NOT NULL REFERENCES webhook_deliveries (run_id),
    attempt     INT NOT NULL,
    at          TIMESTAMP WITH TIME ZONE NOT NULL,
    status_code INT,
    error       VARCHAR(500),
    latency_ms  BIGINT NOT NULL,
    PRIMARY KEY (run_id, attempt)
);
