// Helpers for the tests that run writers as separate OS processes through the built store (dist/; `npm test`
// builds before vitest runs): the append worker (./fixtures/append-worker.mjs), a lock holder
// (./fixtures/lock-holder.mjs), and what a log must hold after them.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { StoredEvent } from '../../events/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const workerScript = fileURLToPath(new URL('./fixtures/append-worker.mjs', import.meta.url));
export const holderScript = fileURLToPath(new URL('./fixtures/lock-holder.mjs', import.meta.url));

/** The workers import dist/: refuse to test a missing or stale build rather than pass or fail for no reason. */
export function assertBuilt(): void {
  const sources = [
    'file/jsonl-file.ts',
    'file/file-lock.ts',
    'file/lock-wait.ts',
    'file/log-file.ts',
    'file/scan.ts',
    'file/fs-error.ts',
    'log-games.ts',
    'store-error.ts',
    'seal.ts',
    'line-format.ts',
  ];
  for (const source of sources) {
    const ts = join(root, 'src/store', source);
    const js = join(root, 'dist/src/store', source.replace(/\.ts$/, '.js'));
    if (!existsSync(js) || statSync(js).mtimeMs < statSync(ts).mtimeMs) {
      throw new Error(
        `${js} is missing or older than ${ts}: run \`npm run build\` first (\`npm test\` builds before vitest runs)`,
      );
    }
  }
}

/** One acknowledged append of a timed worker: its events' numbers `ks`, the first at `seq`. */
export interface Ack {
  readonly seq: number;
  readonly ks: readonly number[];
}

export interface TimedWorker {
  readonly name: string;
  readonly child: ChildProcessWithoutNullStreams;
  /** Appends acknowledged so far (read from its standard output as they happen). */
  readonly acks: Ack[];
  /** Its exit code, or the signal that ended it. */
  readonly exited: Promise<number | string>;
  readonly stderr: () => string;
}

/** Starts `append-worker.mjs LOG NAME time MS` and lets it go once it has opened the log. */
export async function startTimedWorker(path: string, name: string, ms: number): Promise<TimedWorker> {
  const child = spawn(process.execPath, [workerScript, path, name, 'time', String(ms)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const acks: Ack[] = [];
  let pending = '';
  let stderr = '';
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line === 'ready') ready();
      else if (line.startsWith('ack ')) acks.push(JSON.parse(line.slice(4)) as Ack);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  await Promise.race([
    isReady,
    exited.then((code) => Promise.reject(new Error(`worker ${name} exited (${code}) before it was ready: ${stderr}`))),
  ]);
  child.stdin.end('go\n');
  return { name, child, acks, exited, stderr: () => stderr };
}

/** What a worker wrote into an event. */
export function appended(event: StoredEvent): { readonly worker: string; readonly k: number } {
  if (event.type !== 'host.logged') throw new Error(`seq ${event.seq}: unexpected ${event.type}`);
  return event.data.data as { worker: string; k: number };
}

/**
 * Every acknowledged event is in the log exactly once, at the seq it was acknowledged at; no event of any worker is
 * there twice. (Events written but not acknowledged, by a writer killed before it could say so, may be there, and
 * the records of the repairs of torn ends the writers made.)
 */
export function expectAcknowledged(
  events: readonly StoredEvent[],
  workers: readonly Pick<TimedWorker, 'name' | 'acks'>[],
): number {
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  const seen = new Map<string, number>();
  for (const event of events) {
    if (event.type === 'log.repaired') continue;
    const { worker, k } = appended(event);
    const key = `${worker}/${k}`;
    expect(seen.get(key), `${key} at seq ${event.seq}`).toBeUndefined();
    seen.set(key, event.seq);
  }
  let acknowledged = 0;
  for (const { name, acks } of workers) {
    for (const { seq, ks } of acks) {
      for (const [i, k] of ks.entries()) expect(seen.get(`${name}/${k}`), `${name}/${k}`).toBe(seq + i);
      acknowledged += ks.length;
    }
  }
  return acknowledged;
}
