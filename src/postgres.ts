// The PostgreSQL store as a package subpath, `awaw-surrender/postgres`. It runs on the pg package, an optional peer
// dependency (`npm install pg`), loaded when a store first opens: the main entry and this one load without it.
export { PostgresEventStore, type NotifyFailure, type PostgresStoreOptions } from './store/postgres/postgres.js';
export { StoredRowError } from './store/postgres/row-error.js';
