// StoreError: every store's failures in one closed set of kinds. The public error classes are StoreErrors of their
// kind with their messages as before; the file store and the PostgreSQL store translate what the system or the
// database reports at their boundary, keeping its code and its words.
import { constants } from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { LockTimeoutError } from '../../src/store/file/file-lock.js';
import { fileError, systemWords } from '../../src/store/file/fs-error.js';
import { LinkedLogError, NotALogFileError } from '../../src/store/file/log-file.js';
import { LogError } from '../../src/store/line-format.js';
import { outcomeUnknown, pgError } from '../../src/store/postgres/pg-error.js';
import { StoredRowError } from '../../src/store/postgres/row-error.js';
import { isStoreError, StoreError } from '../../src/store/store-error.js';
import { ConcurrencyError, TornLogError } from '../../src/store/store.js';

/** A system error as Node.js makes one (`errno` negative, as libuv gives it). */
const systemError = (code: keyof typeof constants.errno, syscall: string, message: string): NodeJS.ErrnoException =>
  Object.assign(new Error(message), { code, errno: -constants.errno[code], syscall });

const databaseError = (code: string, message: string): pg.DatabaseError =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });

describe('StoreError', () => {
  it('the public error classes are StoreErrors of their kind, with their names and messages as before', () => {
    const cases: [StoreError, string, string, string][] = [
      [
        new ConcurrencyError(3, 5),
        'ConcurrencyError',
        'conflict',
        'expected the log at version 3, but it is at version 5: re-read and decide again',
      ],
      [
        new TornLogError('/l.jsonl', 7),
        'TornLogError',
        'torn',
        '/l.jsonl: line 7 is torn (a write was cut off); run `awaw-surrender verify /l.jsonl --repair` before ' +
          'appending',
      ],
      [
        new LockTimeoutError('/l.jsonl', 5000),
        'LockTimeoutError',
        'locked',
        '/l.jsonl: still locked by another writer after 5000 ms (the lock does not say which process holds it); ' +
          'nothing was written: try again later',
      ],
      [
        new NotALogFileError('/p', 'a FIFO'),
        'NotALogFileError',
        'not-a-log',
        '/p: not a regular file (a FIFO): a log is a regular file',
      ],
      [
        new LinkedLogError('/l.jsonl', 2),
        'LinkedLogError',
        'not-a-log',
        '/l.jsonl: the log has 2 hard links, and a log is written through one name only: remove the other links ' +
          '(a copy, not a hard link, makes a backup)',
      ],
      [
        new LogError(4, 'data.kind', 'expected a string'),
        'LogError',
        'corrupt',
        'line 4: data.kind: expected a string',
      ],
      [
        new StoredRowError('g1', 9, 2, 'hash', 'the line was changed'),
        'StoredRowError',
        'corrupt',
        'game g1, position 9 (seq 2): hash: the line was changed',
      ],
    ];
    for (const [error, name, kind, message] of cases) {
      expect(error).toBeInstanceOf(StoreError);
      expect(error).toBeInstanceOf(Error);
      expect([error.name, error.kind, error.message, error.system]).toEqual([name, kind, message, undefined]);
    }
    expect(isStoreError(new ConcurrencyError(1, 2), 'conflict')).toBe(true);
    expect(isStoreError(new ConcurrencyError(1, 2), 'torn', 'locked')).toBe(false);
    expect(isStoreError(new Error('x'))).toBe(false);
  });

  it(
    'the file store: each system error is a StoreError of its ' +
      'kind, with the system code and words, the message unchanged',
    () => {
      const cases: [keyof typeof constants.errno, string, string, string][] = [
        ['ENOSPC', 'write', 'full', 'no space left on device (ENOSPC, write)'],
        ['EROFS', 'open', 'read-only', 'read-only file system (EROFS, open)'],
        ['EACCES', 'open', 'denied', 'permission denied (EACCES, open)'],
        ['EPERM', 'unlink', 'denied', 'operation not permitted (EPERM, unlink)'],
        ['ENOENT', 'open', 'missing', 'no such file or directory (ENOENT, open)'],
        ['EIO', 'read', 'unavailable', 'i/o error (EIO, read)'],
        ['EMFILE', 'open', 'unavailable', 'too many open files (EMFILE, open)'],
        ['ELOOP', 'open', 'failed', 'too many symbolic links encountered (ELOOP, open)'],
      ];
      for (const [code, syscall, kind, text] of cases) {
        const cause = systemError(code, syscall, `${code}: the system's message, ${syscall} '/l.jsonl'`);
        const error = fileError(cause);
        expect(error).toBeInstanceOf(StoreError);
        expect(error).toMatchObject({
          name: 'StoreError',
          kind,
          code,
          system: { code, text },
          message: `${code}: the system's message, ${syscall} '/l.jsonl'`,
          cause,
        });
      }
    },
  );

  it("a file system error code in the system's words, as the command line names it", () => {
    expect(systemWords('ENOENT')).toBe('no such file or directory');
    expect(systemWords('EACCES')).toBe('permission denied');
    expect(systemWords('ENOTDIR')).toBe('not a directory');
    expect(systemWords('EROFS')).toBe('read-only file system');
    expect(systemWords('ENOTAREALCODE')).toBe('failed (ENOTAREALCODE)');
    expect(systemWords(undefined)).toBe('i/o error');
  });

  it("the file store: its own errors and anything that is not the system's pass unchanged", () => {
    const torn = new TornLogError('/l.jsonl', 2);
    const defect = new TypeError('boom');
    expect(fileError(torn)).toBe(torn);
    expect(fileError(defect)).toBe(defect);
    expect(fileError('text')).toBe('text');
  });

  it(
    'PostgreSQL: each SQLSTATE is a StoreError of its kind ' +
      '(by code, else by class), with the SQLSTATE and the message',
    () => {
      const cases: [string, string][] = [
        ['08006', 'unavailable'],
        ['57P01', 'unavailable'],
        ['53300', 'unavailable'],
        ['53100', 'full'],
        ['25006', 'read-only'],
        ['28P01', 'denied'],
        ['42501', 'denied'],
        ['3D000', 'missing'],
        ['42P01', 'missing'],
        ['55P03', 'locked'],
        ['XX001', 'corrupt'],
        ['22P02', 'failed'],
      ];
      for (const [code, kind] of cases) {
        const cause = databaseError(code, `the server's words for ${code}`);
        expect(pgError(cause)).toMatchObject({
          name: 'StoreError',
          kind,
          code,
          message: `the server's words for ${code}`,
          system: { code: `SQLSTATE ${code}`, text: `the server's words for ${code} (SQLSTATE ${code})` },
          cause,
        });
      }
    },
  );

  it('PostgreSQL: a socket that fails or a connection that ends is unavailable; anything else passes unchanged', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(pgError(refused)).toMatchObject({
      kind: 'unavailable',
      code: 'ECONNREFUSED',
      system: { code: 'ECONNREFUSED', text: 'connect ECONNREFUSED 10.0.0.1:5432 (ECONNREFUSED)' },
    });
    expect(pgError(new Error('Connection terminated unexpectedly'))).toMatchObject({
      kind: 'unavailable',
      message: 'Connection terminated unexpectedly',
      system: undefined,
    });
    const defect = new Error('an event id of game g1 is already in its stream: ids must be unique');
    expect(pgError(defect)).toBe(defect);
  });

  it(
    'PostgreSQL: a connection lost during a commit is ' +
      'outcome-unknown, saying that the events may have been written',
    () => {
      const lost = new Error('Connection terminated unexpectedly');
      const error = outcomeUnknown(lost);
      expect(error).toMatchObject({
        name: 'StoreError',
        kind: 'outcome-unknown',
        cause: lost,
        message:
          "the commit's outcome is unknown (Connection terminated unexpectedly): the events may or may not have been " +
          "written; read the game's head before appending again",
      });
      expect(outcomeUnknown(error)).toBe(error);
      expect(pgError(error)).toBe(error);
    },
  );
});
