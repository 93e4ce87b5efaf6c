// The feed's order on PostgreSQL (docs/postgres.md, "The feed"): rows in position order, and never a row committed
// after a reader went past its position. Appends insert under the feed lock and give it back before their COMMIT
// (./postgres-schema.ts takeFeed), so transactions commit in any order; but since the INSERT is each one's first
// write, transaction ids are given in the lock's order, the order of positions. A reader therefore takes only the
// rows of transactions older than every transaction still running (the xmin of its snapshot): all of those have
// ended, and a transaction still running holds only positions after theirs. Rows from before migration 3 have no
// transaction recorded; all of them were committed under the old lock.

/** The SQL condition on a row of the events table: its transaction ended before any still running began. */
export const FINISHED_BEFORE_ANY_RUNNING = '(tx IS NULL OR tx < pg_snapshot_xmin(pg_current_snapshot()))';
