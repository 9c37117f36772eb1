-- Several instances on one database (docs/several-instances.md). The database is the queue: every piece of work an instance is
-- doing carries that instance's id, and an instance whose lease has run out has its work taken over.

-- One row per live instance. lease_until is reckoned by the database's clock, so instances on machines whose
-- clocks disagree still agree on whose lease has run out.
CREATE TABLE instances (
    id          VARCHAR(36) PRIMARY KEY,
    host        VARCHAR(255) NOT NULL,
    pid         BIGINT NOT NULL,
    started_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    lease_until TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE INDEX instances_by_lease ON instances (lease_until);

-- claimed_by: the instance running the item (set by the claim that makes it running). turn: its place in the
-- round of runs taking turns (its position plus the first queued turn when its run's items were queued), so one
-- index range hands out items in the same order as one process's round robin did.
ALTER TABLE run_items ADD COLUMN claimed_by VARCHAR(36);
ALTER TABLE run_items ADD COLUMN turn BIGINT DEFAULT 0 NOT NULL;

CREATE INDEX run_items_queue ON run_items (status, turn, run_id, id);
-- Replaced by run_items_queue for the claim; takeovers ask for an instance's running items.
DROP INDEX run_items_by_status;
CREATE INDEX run_items_claimed ON run_items (claimed_by, status);

-- ingest_claimed_by: the instance reading a zip run's archive (set when the run is created).
ALTER TABLE runs ADD COLUMN ingest_claimed_by VARCHAR(36);

-- claimed_by: the instance that sends a pending delivery (the one that finished the run, or took it over).
ALTER TABLE webhook_deliveries ADD COLUMN claimed_by VARCHAR(36);

-- An archive being built, so that it is built once whichever instance is asked; removed once it is built.
CREATE TABLE archive_builds (
    run_id     BIGINT PRIMARY KEY REFERENCES runs (id),
    claimed_by VARCHAR(36) NOT NULL,
    started_at TIMESTAMP WITH TIME ZONE NOT NULL
);
