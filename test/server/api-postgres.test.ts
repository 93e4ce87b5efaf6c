// The HTTP API on PostgreSQL: every game a stream of the store, the seat token hashes in its seats table; a
// second backend on the same schema stands for another process.
import { PostgresBackend } from '../../src/server/postgres-backend.js';
import { describePg, usePgDatabase } from '../support/pg.js';
import { idempotencySuite } from './idempotency-suite.js';
import { serverSuite } from './server-suite.js';
import { streamSuite } from './stream-suite.js';

describePg('serve on PostgreSQL', () => {
  const db = usePgDatabase();
  let schema = '';
  serverSuite(
    () => {
      schema = db.schema();
      return PostgresBackend.open(db.url(), schema);
    },
    () => PostgresBackend.open(db.url(), schema),
  );
  streamSuite(() => PostgresBackend.open(db.url(), db.schema()));
  idempotencySuite(
    () => {
      schema = db.schema();
      return PostgresBackend.open(db.url(), schema);
    },
    () => PostgresBackend.open(db.url(), schema),
  );
});
