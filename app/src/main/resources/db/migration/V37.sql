-- The settings of an instance that change what a run gives (the largest image, retention, the review mark, the item
-- timeout), one "NAME=value" a line, written when it registers: an instance that starts with other values than the
-- running ones refuses to start rather than share their work with different results.
ALTER TABLE instances ADD COLUMN result_settings VARCHAR(2000);
