// Reading stored rows back as events, with the same checks as a JSON Lines reader, per game: the line's JSON,
// envelope, type, payload, its seq and game against the row's, and the hash chain of the game's stream.
import type { StoredEvent } from '../../../events/index.js';
import { decodeEventLine, LogError, parseTrustedLine } from '../line-format.js';
import { StoredRowError } from './row-error.js';

export interface EventRow {
  readonly position: string | number;
  readonly game: string;
  readonly seq: number;
  readonly hash: string;
  readonly line: string;
}

/**
 * Decodes one row. With `prevHash` (the hash of the game's event before it), the seal is checked too; with
 * `trusted`, only the JSON is parsed (the fast path of a stream already checked).
 */
export function decodeRow(
  row: EventRow,
  options: { readonly prevHash?: string; readonly trusted?: boolean } = {},
): StoredEvent {
  const position = Number(row.position);
  const refuse = (path: string, detail: string): StoredRowError =>
    new StoredRowError(row.game, position, row.seq, path, detail);
  let event: StoredEvent;
  try {
    event =
      options.trusted === true
        ? parseTrustedLine(row.line)
        : decodeEventLine(row.line, row.seq + 1, {
            expectedSeq: row.seq,
            ...(options.prevHash === undefined ? {} : { prevHash: options.prevHash }),
          });
  } catch (error) {
    if (error instanceof LogError) throw refuse(error.path, error.detail);
    throw refuse('$', `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof event !== 'object' || event === null) throw refuse('$', 'not an event object');
  if (event.game !== row.game)
    throw refuse('game', `the line says game "${String(event.game)}", the row "${row.game}"`);
  if (event.hash !== row.hash) throw refuse('hash', "the line's hash is not the row's: the line was changed");
  return event;
}
