-- Zip runs. ingesting is TRUE from a zip run's creation until its archive has been read and its
-- items published, or until the partial work of a failed or cancelled ingestion has been removed; a restart
-- redoes (or cleans up) every run still marked. A run still ingesting is never finished by its item counts.
ALTER TABLE runs ADD COLUMN ingesting BOOLEAN DEFAULT FALSE NOT NULL;

CREATE INDEX runs_ingesting ON runs (ingesting, id);

-- The items of a zip run while its archive is being read. They become run_items in the one transaction that
-- also sets the run's total_items, so no item can run, or be counted, before the total is known.
CREATE TABLE staged_items (
    run_id      BIGINT NOT NULL REFERENCES runs (id),
    position    INT NOT NULL,
    inputs      VARCHAR NOT NULL,
    search_text VARCHAR NOT NULL,
    PRIMARY KEY (run_id, position)
);
