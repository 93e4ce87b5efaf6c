// Several OS processes append to one log at once, through the built store (`npm test` builds first).
import { spawn, spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { appended, assertBuilt, workerScript } from './processes.js';
import { makeTempDir, readAll } from './support.js';

const worker = workerScript;

interface WorkerResult {
  readonly name: string;
  readonly won: readonly number[];
  readonly conflicts: number;
}

/** Starts the workers, waits until each has opened the log, then lets them all go at once. */
async function runWorkers(
  path: string,
  mode: 'each' | 'retry',
  workers: number,
  count: number,
): Promise<WorkerResult[]> {
  const children = Array.from({ length: workers }, (_, i) =>
    spawn(process.execPath, [worker, path, `w${i}`, mode, String(count)], { stdio: ['pipe', 'pipe', 'pipe'] }),
  );
  const outputs = children.map((child) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const ready = new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (stdout.startsWith('ready\n')) resolve();
      };
      child.stdout.on('data', check);
      child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready: ${stderr}`)));
    });
    const done = new Promise<WorkerResult>((resolve, reject) => {
      child.once('exit', (code) => {
        if (code !== 0) reject(new Error(`worker exited with ${code}: ${stderr}`));
        else resolve(JSON.parse(stdout.slice('ready\n'.length)) as WorkerResult);
      });
    });
    return { ready, done };
  });
  await Promise.all(outputs.map((o) => o.ready));
  for (const child of children) child.stdin.end('go\n');
  return Promise.all(outputs.map((o) => o.done));
}

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  assertBuilt();
  ({ dir, cleanup } = await makeTempDir());
});
afterAll(async () => {
  await cleanup();
});

describe('concurrency: several processes append to one log', () => {
  it('at each expected version exactly one process succeeds; the log verifies with seq 1..n', async () => {
    const path = join(dir, 'each.jsonl');
    await (await JsonlFileStore.open(path, { create: true })).close();
    const workers = 4;
    const count = 60;
    const results = await runWorkers(path, 'each', workers, count);

    const winners = new Map<number, string[]>();
    for (const { name, won } of results)
      for (const version of won) winners.set(version, [...(winners.get(version) ?? []), name]);
    for (let version = 0; version < count; version += 1)
      expect(winners.get(version), `version ${version}`).toHaveLength(1);
    expect(results.reduce((n, r) => n + r.won.length, 0)).toBe(count);
    expect(results.reduce((n, r) => n + r.conflicts, 0)).toBe((workers - 1) * count);

    expect(await verifyLog(path)).toMatchObject({ ok: true, events: count, version: count });
    const events = await readAll(await JsonlFileStore.open(path));
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    // The event at seq k+1 is the one appended at expected version k, by its winner.
    for (const event of events) {
      const { worker: name, k } = appended(event);
      expect(k).toBe(event.seq - 1);
      expect([name]).toEqual(winners.get(event.seq - 1));
    }
  });

  it('processes that re-read the version after a conflict all get their appends in, without gaps', async () => {
    const path = join(dir, 'retry.jsonl');
    await (await JsonlFileStore.open(path, { create: true })).close();
    const results = await runWorkers(path, 'retry', 3, 25);
    const versions = results.flatMap((r) => r.won).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 75 }, (_, i) => i));
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: 75 });
    const events = await readAll(await JsonlFileStore.open(path));
    const perWorker = new Map<string, number[]>();
    for (const event of events) {
      const { worker: name, k } = appended(event);
      perWorker.set(name, [...(perWorker.get(name) ?? []), k]);
    }
    // Each worker's own appends are in the log once each, in its order.
    for (const name of ['w0', 'w1', 'w2']) expect(perWorker.get(name)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it('a lock file an older build left beside the log changes nothing: processes append past it', async () => {
    const path = join(dir, 'old-lock.jsonl');
    await (await JsonlFileStore.open(path, { create: true })).close();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid ?? 999_999;
    await writeFile(`${path}.lock`, `${gone} left-by-a-killed-process\n`);
    const count = 20;
    const results = await runWorkers(path, 'each', 3, count);
    expect(results.flatMap((r) => r.won).sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: count });
    expect(await readFile(`${path}.lock`, 'utf8')).toBe(`${gone} left-by-a-killed-process\n`);
  });
});
