// `exec` answers `events` on a log of large events in responses of at most 4 MiB of events (docs/host-protocol.md),
// so that its memory does not grow with the log, and the requests queued behind are answered. A real process of
// the built CLI on a 64 MB log, its peak memory read from the kernel (test/support/max-rss.cjs).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { ensureBuilt } from '../support/build.js';
import { SEA_LION, seaLionLog } from '../support/exec-process.js';
import { runMeasured } from '../support/measured-cli.js';
import { defined } from '../support/defined.js';

const NOTES = 64;
const MIB = 1024 * 1024;
let dir = '';
let path = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-exec-memory-'));
  path = (await seaLionLog(join(dir, 'large.jsonl'), 1)).path;
  const engine = await SurrenderEngine.open(await JsonlFileStore.open(path, { source: deterministicSource(SEA_LION) }));
  // Notes of a million characters, the most a command holds: 64 MB of log.
  const note = {
    type: 'host.logged',
    data: { turn: { season: 'spring', year: 1941 }, kind: 'note', data: { blob: 'x'.repeat(1_000_000 - 100) } },
  } as const;
  for (let i = 0; i < NOTES; i += 1) if (!(await engine.execute(SEA_LION, note)).ok) throw new Error('note refused');
  await engine.close();
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const responses = (stdout: string): Record<string, unknown>[] =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('exec on a log of large events', () => {
  it(
    'events from 1 answers the events up to 4 MiB, next where it stopped, then the request queued behind it; ' +
      'memory as for games alone',
    async () => {
      const lines = (await readFile(path, 'utf8')).trimEnd().split('\n').slice(1);
      expect(lines).toHaveLength(NOTES + 1);
      // Independently of the handler: the log's lines are the events' JSON text; how many fit in 4 MiB with commas.
      let fit = 0;
      let bytes = 0;
      for (const line of lines) {
        bytes += Buffer.byteLength(line) + 1;
        if (bytes > 4 * MIB) break;
        fit += 1;
      }
      const games = runMeasured(['exec', path], '{"id":1,"op":"games"}\n');
      const run = runMeasured(['exec', path], '{"id":1,"op":"events","from":1}\n{"id":2,"op":"games"}\n');
      expect([run.code, run.stderr]).toEqual([0, '']);
      const [events, after] = responses(run.stdout);
      expect(events).toMatchObject({ id: 1, ok: true, op: 'events', next: fit + 1 });
      expect((defined(events, 'the events response')['events'] as { seq: number }[]).map((e) => e.seq)).toEqual(
        Array.from({ length: fit }, (_, i) => i + 1),
      );
      expect(after).toMatchObject({ id: 2, ok: true, op: 'games', games: [SEA_LION] });
      expect([games.maxRssKiB, run.maxRssKiB].every((kib) => kib !== null)).toBe(true);
      // Holding the whole 64 MB response would cost several times that; one of 4 MiB costs a few of them.
      expect((run.maxRssKiB ?? Infinity) - (games.maxRssKiB ?? 0)).toBeLessThan(128 * 1024);
    },
  );
});
