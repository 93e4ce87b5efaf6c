// Records the store writes about the log itself, not about any game: a repair of a torn end. No game's state
// changes by them and no rule decides them; replay skips them (src/engine/replay.ts) and the audit shows them.
import { Type } from '@sinclair/typebox';
import { Count, Enum, Strict } from '../src/schema/types.js';
import { HASH_PATTERN } from './envelope.js';
import { defineEvent } from './registry.js';

/**
 * Who repaired a torn end: the next writer (`exec`, `append`, the HTTP server `serve`, a host through the library)
 * or `verify --repair`.
 */
export const RepairWriters = ['exec', 'append', 'serve', 'library', 'verify'] as const;
export type RepairWriter = (typeof RepairWriters)[number];

export const logRepaired = defineEvent('log.repaired', {
  version: 1,
  source: 'store',
  rules: [],
  summary:
    'The end of the log was repaired: a writer stopped in the middle of an append had left a torn last line, ' +
    'which the next writer (or `verify --repair`) removed together with the events of that append already ' +
    'written, or completed with the line break it lacked. Written right after the repair; no game changes.',
  schema: Strict({
    /** What repaired it. */
    writer: Enum(RepairWriters),
    /** Bytes removed from the end of the log (0 when only a line break was added). */
    bytes: Count(),
    /** SHA-256 of the bytes removed, in hex (that of no bytes when none were). */
    sha256: Type.String({ pattern: HASH_PATTERN }),
    /** The seq the first line removed would have had; null when nothing was removed. */
    seq: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    /** Whole event lines removed with the torn one: the start of the append it cut off. */
    events: Count(),
    /** The torn line was a whole event lacking only its line break: the line break was added, the event kept. */
    lineBreakAdded: Type.Boolean(),
  }),
});

export const logRecordEvents = [logRepaired] as const;
