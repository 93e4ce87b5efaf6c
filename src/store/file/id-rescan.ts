// The exact list of a log's event ids before a line, read anew from the file: what the id index (./id-index.ts)
// falls back on when its fingerprints suspect a repeat. Rare (a real repeat, a crafted log, or about one
// million-event log in several hundred), so it favours simplicity: every line before is parsed for its id. The
// lines before were checked by the read that asks (in full, or vouched for by a verification mark).
import type { FileHandle } from 'node:fs/promises';
import { DEFAULT_CHUNK_SIZE, roomAfter } from './log-file.js';

const NEWLINE = 0x0a;

/** The id of each event line 2 .. `before - 1` of the open log (line 1 is the header), with its line. */
export async function idsBefore(handle: FileHandle, before: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  let buffer = Buffer.allocUnsafe(DEFAULT_CHUNK_SIZE);
  let carried = 0;
  let position = 0;
  let line = 0;
  while (line + 1 < before) {
    buffer = roomAfter(buffer, carried);
    const { bytesRead } = await handle.read(buffer, carried, buffer.length - carried, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const length = carried + bytesRead;
    const data = buffer.subarray(0, length);
    let start = 0;
    for (let end = data.indexOf(NEWLINE, 0); end >= 0 && line + 1 < before; end = data.indexOf(NEWLINE, start)) {
      line += 1;
      if (line > 1) {
        const event: unknown = JSON.parse(data.toString('utf8', start, end));
        const id = typeof event === 'object' && event !== null ? (event as { id?: unknown }).id : undefined;
        if (typeof id === 'string' && !ids.has(id)) ids.set(id, line);
      }
      start = end + 1;
    }
    carried = length - start;
    buffer.copy(buffer, 0, start, length);
  }
  return ids;
}
