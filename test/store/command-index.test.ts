// The JSON Lines store's index of command ids (src/store/file/command-index.ts): it follows what other writers append,
// a log replaced or cut back is read again, a line whose data merely holds the words is no command, and two ids of
// one fingerprint are told apart by their lines.
import { readFile, rename, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logVersion, type NewEvent } from '../../events/index.js';
import { commandFingerprint } from '../../src/store/file/command-index.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { CommandRecordedError } from '../../src/store/store.js';
import { counterSource, logged, tempLogFiles } from './support.js';

const temp = tempLogFiles('commands');
let files = 0;
const newPath = (): string => join(temp.dir(), `commands-${++files}.jsonl`);
const open = (path: string, prefix = 'id'): Promise<JsonlFileStore> =>
  JsonlFileStore.open(path, { create: true, source: counterSource(prefix) });
const withId = (event: NewEvent, commandId: string): NewEvent => ({ ...event, commandId });

describe('JsonlFileStore: the index of command ids', () => {
  it('reads on what another writer appended: its command is found, and an append of that id refused', async () => {
    const path = newPath();
    const [mine, theirs] = [await open(path, 'a'), await open(path, 'b')];
    await mine.append([logged('g1', 'first')], logVersion(0));
    expect(await mine.findCommand('g1', 'c-1')).toBeNull();
    const head = await theirs.head();
    const written = await theirs.append([withId(logged('g1', 'theirs'), 'c-1')], head.seq, head.hash);
    expect(await mine.findCommand('g1', 'c-1')).toEqual(written.events);
    const now = await mine.head();
    await expect(mine.append([withId(logged('g1', 'mine'), 'c-1')], now.seq, now.hash)).rejects.toBeInstanceOf(
      CommandRecordedError,
    );
    expect(await mine.head()).toEqual(written.head);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('a log replaced by another file, or cut back and grown again, is read again from the start', async () => {
    const path = newPath();
    const store = await open(path, 'a');
    const first = await store.append([withId(logged('g1', 'one'), 'c-1')], logVersion(0));
    expect(await store.findCommand('g1', 'c-1')).toEqual(first.events);
    // Another log of the same length moved over it (another inode).
    const other = newPath();
    const replacement = await open(other, 'b');
    const second = await replacement.append([withId(logged('g1', 'one'), 'c-2')], logVersion(0));
    await replacement.close();
    await rename(other, path);
    expect(await store.findCommand('g1', 'c-1')).toBeNull();
    expect(await store.findCommand('g1', 'c-2')).toEqual(second.events);
    // Cut back to its header (as a repair cuts an append off), then another writer's event of the same length.
    await truncate(path, await headerBytes(path));
    const writer = await open(path, 'c');
    const third = await writer.append([withId(logged('g1', 'one'), 'c-3')], logVersion(0));
    await writer.close();
    expect(await store.findCommand('g1', 'c-2')).toBeNull();
    expect(await store.findCommand('g1', 'c-3')).toEqual(third.events);
    await store.close();
  });

  it('a line whose data holds "commandId" is no command of that id', async () => {
    const store = await open(newPath());
    await store.append([logged('g1', 'note', { note: 'x', commandId: 'c-1' })], logVersion(0));
    expect(await store.findCommand('g1', 'c-1')).toBeNull();
    const written = await store.append([withId(logged('g1', 'real'), 'c-1')], logVersion(1));
    expect(await store.findCommand('g1', 'c-1')).toEqual(written.events);
    await store.close();
  });

  it('two ids of one fingerprint are each found by their own line, in a fresh store as in the writer', async () => {
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; pair === null; i += 1) {
      const id = `c-${i}`;
      const earlier = seen.get(commandFingerprint('g1', id));
      if (earlier !== undefined) pair = [earlier, id];
      else seen.set(commandFingerprint('g1', id), id);
    }
    const [a, b] = pair;
    const path = newPath();
    const writer = await open(path);
    const first = await writer.append([withId(logged('g1', 'a'), a)], logVersion(0));
    const second = await writer.append([withId(logged('g1', 'b'), b)], logVersion(1));
    expect(await writer.findCommand('g1', a)).toEqual(first.events);
    expect(await writer.findCommand('g1', b)).toEqual(second.events);
    const reader = await JsonlFileStore.open(path);
    expect(await reader.findCommand('g1', b)).toEqual(second.events);
    expect(await reader.findCommand('g1', a)).toEqual(first.events);
    await Promise.all([writer.close(), reader.close()]);
  });
});

/** The bytes of a log's header line, its `\n` included. */
async function headerBytes(path: string): Promise<number> {
  const text = await readFile(path, 'utf8');
  return Buffer.byteLength(text.slice(0, text.indexOf('\n') + 1));
}
