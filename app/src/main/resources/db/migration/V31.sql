-- Pause and priority (contract, Runs). A pause is a mark beside the status, not a status: paused_at is when the run
-- was paused, null when it is not. Its queued items are held (run_items.held), so the claim passes them by within the
-- same index range, and no instance starts one. priority is the run's rank (0 high, 1 normal, 2 low), copied to its
-- items so the claim orders by it in that one range: status, held, priority, then the turns runs take as before.
ALTER TABLE runs ADD COLUMN paused_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE runs ADD COLUMN priority SMALLINT DEFAULT 1 NOT NULL;
ALTER TABLE run_items ADD COLUMN held BOOLEAN DEFAULT FALSE NOT NULL;
ALTER TABLE run_items ADD COLUMN priority SMALLINT DEFAULT 1 NOT NULL;
-- A run event says whether the run was paused when it was written.
ALTER TABLE run_events ADD COLUMN paused BOOLEAN DEFAULT FALSE NOT NULL;

CREATE INDEX run_items_claim ON run_items (status, held, priority, turn, run_id, id);
DROP INDEX run_items_queue;
