-- Cut-out confidence and items to review (README, Background removal; docs/decisions/0016-review-marks.md).

-- method, confidence: on the node state of a removeBackground node that completed, the method that ran ('model' or
-- 'classic') and how sure it is of its cut-out (0 to 1); NULL on every other node state.
ALTER TABLE node_states ADD COLUMN method VARCHAR(16);
ALTER TABLE node_states ADD COLUMN confidence DOUBLE PRECISION;

-- needs_review: a cut-out of the item was less confident than FLOWRUN_REVIEW_BELOW when it finished.
ALTER TABLE run_items ADD COLUMN needs_review BOOLEAN DEFAULT FALSE NOT NULL;

-- review_items: how many of the run's items need review, counted with the other counts as each item finishes.
ALTER TABLE runs ADD COLUMN review_items INT DEFAULT 0 NOT NULL;

-- GET /workflows/runs/{id}?review=true pages through these in id order: one range of this index.
CREATE INDEX run_items_to_review ON run_items (run_id, needs_review, id);
