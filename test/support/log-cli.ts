// The log commands' tests (`replay`, `audit`, `verify`) in process: the sea-lion-1941 example written to a
// temporary directory by the real engine and file store, copies of it to damage, and appends through the engine.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { buildExample, deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';

export const eventsOf = (text: string): StoredEvent[] =>
  text
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as StoredEvent);

export async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** The sea-lion-1941 example in a temporary directory: its path, its bytes and its events. */
export interface SeaLionLog {
  readonly dir: string;
  readonly path: string;
  readonly text: string;
  readonly events: StoredEvent[];
  /** A new log file in that directory holding `text`. */
  writeLog(text: string | Buffer): Promise<string>;
}

/** Writes the example before the file's tests (and removes the directory after them). */
export function seaLionLog(): SeaLionLog {
  let dir = '';
  let path = '';
  let text = '';
  let events: StoredEvent[] = [];
  let copies = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'awaw-log-cli-'));
    path = join(dir, 'sea-lion-1941.jsonl');
    await buildExample(seaLion1941(), path);
    text = await readFile(path, 'utf8');
    events = eventsOf(text);
  }, 60_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    get path() {
      return path;
    },
    get text() {
      return text;
    },
    get events() {
      return events;
    },
    async writeLog(content: string | Buffer): Promise<string> {
      const copy = join(dir, `copy-${++copies}.jsonl`);
      await writeFile(copy, content);
      return copy;
    },
  };
}

/** Appends one command's batch to a log through the engine, with deterministic envelopes. */
export async function appendThroughEngine(
  path: string,
  game: string,
  origin: Parameters<SurrenderEngine['execute']>[1],
): Promise<void> {
  const engine = await SurrenderEngine.open(
    await JsonlFileStore.open(path, { source: deterministicSource(`${game}-extra`) }),
  );
  try {
    const result = await engine.execute(game, origin);
    expect(result.ok).toBe(true);
  } finally {
    await engine.close();
  }
}
