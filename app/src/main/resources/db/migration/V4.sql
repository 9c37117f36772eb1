-- Pages that cost the same at a million runs as at a thousand. OFFSET walks every row before the
-- page, so the run list is answered by a range of a per-workspace run number instead, and a run's items by a
-- range of their position (dense from 0 per run, in id order, for inputs and zip runs alike).

-- run_count: runs numbered so far, which is also the unfiltered list's total. last_run_at: the newest
-- createdAt, so a clock stepping back never stamps a run older than the one numbered before it.
ALTER TABLE workspaces ADD COLUMN run_count BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE workspaces ADD COLUMN last_run_at TIMESTAMP WITH TIME ZONE;

-- 1, 2, 3, … per workspace in createdAt-then-id order: ordering by it is the list's order. Set by the create
-- transaction as its last step (see RunNumbers), so it is NULL only inside that uncommitted transaction.
ALTER TABLE runs ADD COLUMN workspace_seq BIGINT;

-- An UPDATE rather than a MERGE: PostgreSQL has MERGE only from version 15, and flowrun runs on 13 and later.
UPDATE runs SET workspace_seq = (
    SELECT n.seq
    FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY workspace_id ORDER BY created_at, id) AS seq FROM runs) n
    WHERE n.id = runs.id);

UPDATE workspaces SET run_count = (SELECT COUNT(*) FROM runs WHERE runs.workspace_id = workspaces.id),
                      last_run_at = (SELECT MAX(created_at) FROM runs WHERE runs.workspace_id = workspaces.id);

CREATE UNIQUE INDEX runs_by_workspace_seq ON runs (workspace_id, workspace_seq);

-- The filtered lists count and sort their matches; this keeps them to the workspace's own runs of that status.
CREATE INDEX runs_by_workspace_status ON runs (workspace_id, status);

-- Replaced by runs_by_workspace_seq: nothing orders a workspace's runs by created_at any more.
DROP INDEX runs_by_workspace;

CREATE UNIQUE INDEX run_items_by_position ON run_items (run_id, position);
