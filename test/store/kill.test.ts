// A crash test with real processes: several writers append to one log while the test SIGKILLs one of them at a
// random moment every few hundred milliseconds and starts another, for a bounded time. A kill can land anywhere:
// before the lock, holding it (the kernel releases it for the others), in the middle of a write (a torn end,
// which the next writer repairs and records, nobody else stepping in), before the acknowledgement.
// Afterwards every acknowledged event is in the log exactly once, at its seq, and the log verifies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { assertBuilt, expectAcknowledged, startTimedWorker, type TimedWorker } from './processes.js';
import { makeTempDir, readAll } from './support.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
const all: TimedWorker[] = [];

beforeAll(async () => {
  assertBuilt();
  ({ dir, cleanup } = await makeTempDir());
});
afterAll(async () => {
  for (const w of all) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  await cleanup();
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('crash: writer processes SIGKILLed at random moments', () => {
  it('every acknowledged event is in the log once, at its seq; its torn end repaired, the log verifies', async () => {
    const path = join(dir, 'killed.jsonl');
    await (await JsonlFileStore.open(path, { create: true })).close();
    const WRITERS = 3;
    const RUN_MS = 3000;
    // At least MIN_KILLS kills, however slowly replacements start on a loaded machine, within a hard deadline.
    const MIN_KILLS = 3;
    const until = Date.now() + RUN_MS;
    const deadline = until + 20_000;
    let spawned = 0;
    const start = async (): Promise<TimedWorker> => {
      const worker = await startTimedWorker(path, `w${++spawned}`, deadline - Date.now() + 2000);
      all.push(worker);
      return worker;
    };
    const live = await Promise.all(Array.from({ length: WRITERS }, start));
    // Replacements start in the background (a node process takes a while to start on a busy machine).
    const starting: Promise<void>[] = [];
    let kills = 0;
    while (Date.now() < until || (kills < MIN_KILLS && Date.now() < deadline)) {
      await sleep(50 + Math.random() * 200);
      const victim = live.length > 0 ? live.splice(Math.floor(Math.random() * live.length), 1)[0] : undefined;
      if (victim === undefined || victim.child.exitCode !== null) continue;
      victim.child.kill('SIGKILL');
      await victim.exited;
      kills += 1;
      starting.push(start().then((w) => void live.push(w)));
    }
    await Promise.all(starting);
    for (const w of live) w.child.kill('SIGKILL');
    await Promise.all(live.map((w) => w.exited));

    // One more writer: it repairs a torn end the last kill may have left, and finds the lock free at once (the kernel
    // released every killed writer's).
    const store = await JsonlFileStore.open(path, { lockTimeoutMs: 0 });
    const after = {
      type: 'host.logged',
      game: 'g1',
      data: { turn: { year: 1941, season: 'spring' }, kind: 'after', data: { worker: 'after', k: 0 } },
    } as const;
    await store.append([after], await store.version()).catch(async (error: unknown) => {
      // The record of its repair moved the log on: read its version again.
      expect(error).toMatchObject({ name: 'ConcurrencyError' });
      await store.append([after], await store.version());
    });
    const events = await readAll(await JsonlFileStore.open(path));
    const acknowledged = expectAcknowledged(events, all);
    expect(acknowledged).toBeGreaterThan(0);
    expect(kills).toBeGreaterThanOrEqual(MIN_KILLS);
    const verified = await verifyLog(path);
    expect(verified).toMatchObject({ ok: true, events: events.length });
    const repairs = verified.ok ? verified.repairs.length : 0;
    expect(repairs).toBe(events.filter((e) => e.type === 'log.repaired').length);
    console.log(
      `kill test: ${spawned} writers, ${kills} killed, ${acknowledged} events acknowledged, ${events.length} in ` +
        `the log, ${repairs} torn ends repaired by the next writer`,
    );
  }, 60_000);
});
