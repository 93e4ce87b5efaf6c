// `awaw-surrender verify LOG [--repair]`, and what replay and audit refuse with it: exit 0 for an intact log, 1 for
// a bad or torn line, 2 for usage or an unreadable file. Logs from the example games, damaged on purpose.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { resealed } from '../support/reseal.js';
import { appendThroughEngine, cli, seaLionLog } from '../support/log-cli.js';

const sea = seaLionLog();

describe('verify', () => {
  it('an intact log: exit 0, naming its event count and last hash', async () => {
    const events = sea.text.split('\n').length - 2; // header and final empty string
    const lastHash = sea.events.at(-1)?.hash;
    const r = await cli('verify', sea.path);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(`${sea.path}: intact: ${events} events, head ${events}:${lastHash}\n`);
    const json = await cli('verify', '--json', sea.path);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      ok: true,
      events,
      version: events,
      formatVersion: 1,
      lastHash,
      head: { seq: events, hash: lastHash },
      repairs: [],
    });
  });

  it('one changed byte anywhere: exit 1 naming the line that holds it', async () => {
    const bytes = Buffer.from(sea.text, 'utf8');
    await fc.assert(
      fc.asyncProperty(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), async (position, flip) => {
        const damaged = Buffer.from(bytes);
        damaged[position] = (bytes[position] ?? 0) ^ flip;
        const line = bytes.subarray(0, position).filter((b) => b === 0x0a).length + 1;
        const path = await sea.writeLog(damaged);
        const r = await cli('verify', path);
        expect(r.code).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(
          new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:line ${line}: [^\\n]+\\n$`),
        );
        await rm(path);
      }),
      {
        numRuns: 60,
        examples: [
          [0, 1],
          [bytes.length - 1, 1],
          [sea.text.indexOf('\n'), 1],
          [sea.text.indexOf('"hash"', 200) + 10, 3],
        ],
      },
    );
  });

  it('a missing file is exit 2 naming it, and what is wrong in words', async () => {
    const missing = join(sea.dir, 'nowhere.jsonl');
    for (const command of ['verify', 'replay', 'audit']) {
      const r = await cli(command, missing);
      expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `$: cannot read ${missing}: no such file or directory\n`]);
      const json = await cli(command, '--json', missing);
      expect(JSON.parse(json.stdout)).toEqual({
        error: { path: '$', message: `cannot read ${missing}: no such file or directory` },
      });
    }
  });

  it('usage: standard input, no file, two files, --repair on replay or audit: exit 2', async () => {
    expect(await cli('replay', '-')).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: replay reads a log file, not standard input\n',
    });
    expect(await cli('verify')).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: verify takes exactly one file argument\n',
    });
    expect(await cli('audit', sea.path, sea.path)).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: audit takes exactly one file argument\n',
    });
    expect(await cli('replay', '--repair', sea.path)).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: --repair applies to verify only\n',
    });
    expect(await cli('audit', '--repair', sea.path)).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: --repair applies to verify only\n',
    });
  });

  it('a log of a newer format version is refused by verify, replay and audit: exit 1, "newer"', async () => {
    const path = await sea.writeLog(
      resealed(sea.text, (bodies) => {
        bodies[0] = bodies[0]?.replace('"formatVersion":1', '"formatVersion":2') ?? '';
      }),
    );
    const message =
      `${path}:line 1: formatVersion: log format version 2 is ` +
      `newer than this engine reads (1); upgrade awaw-surrender\n`;
    for (const command of ['verify', 'replay', 'audit']) {
      const r = await cli(command, path);
      expect([command, r.code, r.stdout, r.stderr]).toEqual([command, 1, '', message]);
    }
    const json = await cli('replay', '--json', path);
    expect(JSON.parse(json.stdout)).toEqual({
      ok: false,
      error: {
        line: 1,
        path: 'formatVersion',
        message: 'log format version 2 is newer than this engine reads (1); upgrade awaw-surrender',
      },
    });
  });
});

describe('a torn last line (a write cut off by a crash)', () => {
  it('verify: exit 1 naming the line and --repair; verify --repair: exit 0; then verify, replay exit 0', async () => {
    const lines = sea.text.split('\n').length - 1;
    const path = await sea.writeLog(sea.text.slice(0, -40));
    const before = await cli('verify', path);
    expect(before.code).toBe(1);
    expect(before.stderr).toBe(
      `${path}:line ${lines}: the last line is torn (a write was cut off); ` +
        `the next append, or --repair, removes it (\`awaw-surrender verify ${path} --repair\`)\n`,
    );
    const replayTorn = await cli('replay', path);
    expect(replayTorn.code).toBe(1);
    expect(replayTorn.stderr).toContain(
      `${path}:line ${lines}: the last line is torn (a write was cut off); ` +
        `it was not replayed: the next append repairs it, or run \`awaw-surrender verify ${path} --repair\``,
    );

    const repair = await cli('verify', path, '--repair');
    expect([repair.code, repair.stderr]).toEqual([0, '']);
    const after = await cli('verify', path);
    expect(after.code).toBe(0);
    const replay = await cli('replay', path);
    expect([replay.code, replay.stderr]).toEqual([0, '']);
    const audit = await cli('audit', path);
    expect([audit.code, audit.stderr]).toEqual([0, '']);
  });

  it(
    '59.11: the last append (a game turn end and its resistance level) cut between its lines is removed whole, ' +
      'and the host reports it again',
    async () => {
      const events = sea.events.length;
      const last = sea.events.at(-1);
      const origin = sea.events.at(-2);
      expect([origin?.type, last?.type]).toEqual(['host.game-turn-ended', 'britain.resistance-determined']);
      const path = await sea.writeLog(sea.text.slice(0, -40));
      const repair = await cli('verify', '--json', '--repair', path);
      expect(repair.code).toBe(0);
      expect(JSON.parse(repair.stdout)).toMatchObject({
        ok: true,
        action: 'truncated',
        line: events + 1,
        removedEvents: 1,
        events: events - 1,
        version: events - 1,
        record: { seq: events - 1, type: 'log.repaired', data: { writer: 'verify', seq: events - 1, events: 1 } },
        cutBatch: {
          line: events,
          seq: events - 1,
          game: 'sea-lion-1941',
          type: 'host.game-turn-ended',
          present: 1,
          expected: 2,
          missing: ['britain.resistance-determined'],
        },
      });
      const repaired = (await readFile(path, 'utf8')).split('\n');
      expect(repaired.slice(0, -2)).toEqual(sea.text.split('\n').slice(0, -3));
      expect(JSON.parse(repaired.at(-2) ?? '')).toMatchObject({ seq: events - 1, type: 'log.repaired' });
      // The host reports the turn end again: after the record, the same events as the original log's.
      if (origin?.type !== 'host.game-turn-ended') throw new Error('fixture');
      const engine = await SurrenderEngine.open(
        await JsonlFileStore.open(path, { source: deterministicSource('sea-lion-1941') }),
      );
      const again = await engine.execute('sea-lion-1941', { type: origin.type, data: origin.data });
      await engine.close();
      expect(again.ok && again.events.map((e) => [e.seq, e.type, e.data])).toEqual([
        [events, 'host.game-turn-ended', origin.data],
        [events + 1, 'britain.resistance-determined', last?.data],
      ]);
      expect((await cli('replay', path)).code).toBe(0);
    },
  );

  it('a torn single-event append is cut off alone: nothing before it is removed', async () => {
    const path = await sea.writeLog(sea.text);
    await appendThroughEngine(path, 'sea-lion-1941', {
      type: 'host.logged',
      data: { turn: { season: 'spring', year: 1942 }, kind: 'movement', data: { hex: 'K22' } },
    });
    const full = await readFile(path, 'utf8');
    await writeFile(path, full.slice(0, -10));
    const repair = await cli('verify', '--json', '--repair', path);
    expect(repair.code).toBe(0);
    expect(JSON.parse(repair.stdout)).toMatchObject({
      ok: true,
      action: 'truncated',
      removedEvents: 0,
      events: sea.events.length + 1,
      cutBatch: null,
      record: { seq: sea.events.length + 1, data: { seq: sea.events.length + 1, events: 0 } },
    });
    const repaired = await readFile(path, 'utf8');
    expect(repaired.startsWith(sea.text)).toBe(true);
    expect(JSON.parse(repaired.slice(sea.text.length))).toMatchObject({ type: 'log.repaired' });
  });

  it(
    'without a torn line, a log ending inside an append is left ' +
      'alone: replay reports the missing decision, --repair changes nothing',
    async () => {
      const shortened = `${sea.text.split('\n').slice(0, -2).join('\n')}\n`;
      const path = await sea.writeLog(shortened);
      expect((await cli('verify', path)).code).toBe(0);
      const replay = await cli('replay', path);
      expect(replay.code).toBe(1);
      const originLine = sea.events.length; // the game turn end, seq n-1, on line n
      expect(replay.stderr).toBe(
        `${path}:line ${originLine}: [sea-lion-1941] the log lacks the rule decision "britain.resistance-determined" ` +
          `that follows from event ${sea.events.length - 1}\n`,
      );
      const repair = await cli('verify', '--repair', path);
      expect(repair).toEqual({ code: 0, stdout: `${path}: the log is intact: nothing to repair\n`, stderr: '' });
      expect(await readFile(path, 'utf8')).toBe(shortened);
    },
  );

  it('--repair refuses damage other than a torn last line: exit 1, nothing changed', async () => {
    const damaged = sea.text.replace('"seq":5,', '"seq":6,');
    const path = await sea.writeLog(damaged);
    const r = await cli('verify', '--repair', path);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/:line 6 is corrupt \(line 6: seq: expected 5, found 6/);
    expect(await readFile(path, 'utf8')).toBe(damaged);
  });
});
