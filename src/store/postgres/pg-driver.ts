// The pg package, an optional peer dependency of the package: loaded when a PostgreSQL store first opens, never when
// the package is, so that a host of the other stores installs and loads no database driver. Every other module of
// the store names pg's types only, and takes the driver from here once a store has opened.
import type pg from 'pg';
import { StoreError } from '../store-error.js';

export type Driver = typeof pg;

let driver: Driver | undefined;
let loading: Promise<Driver> | undefined;

/** What a module that cannot be found says, in Node's ESM loader and in require. */
const NOT_FOUND = new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']);

/** The driver, loaded on the first call; a StoreError (`failed`) saying what to install when pg is not there. */
export function loadDriver(): Promise<Driver> {
  loading ??= import('pg').then(
    (module) => {
      driver = module.default;
      return driver;
    },
    (error: unknown) => {
      loading = undefined;
      const code: unknown = (error as { code?: unknown } | null)?.code;
      const missing = typeof code === 'string' && NOT_FOUND.has(code);
      const why = error instanceof Error ? error.message : String(error);
      throw new StoreError(
        'failed',
        missing
          ? 'the PostgreSQL store needs the pg package: npm install pg'
          : `the PostgreSQL store could not load the pg package: ${why}`,
        { cause: error, ...(typeof code === 'string' ? { code } : {}) },
      );
    },
  );
  return loading;
}

/** The driver a store loaded on its open: every connection the store makes after it opened. */
export function loadedDriver(): Driver {
  if (driver === undefined) throw new Error('pg is used before a PostgreSQL store was opened, which loads it');
  return driver;
}

/** Whether `error` is the database's (pg's DatabaseError): never, before any store loaded the driver. */
export const isDatabaseError = (error: unknown): error is pg.DatabaseError =>
  driver !== undefined
    ? error instanceof driver.DatabaseError
    : // No store has loaded the driver in this process: the error can only be the class of another copy of pg.
      error instanceof Error && error.constructor.name === 'DatabaseError';
