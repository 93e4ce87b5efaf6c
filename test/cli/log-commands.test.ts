// `awaw-surrender replay|audit|verify LOG`: exit 0 for an intact log, 1 for a bad or torn line or a rule
// decision that no longer matches, 2 for usage or an unreadable file. Logs are built with the real engine
// and file store from the example games (src/examples), then damaged on purpose.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionOf, type StoredEvent } from '../../events/index.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { turnName } from '../../src/rules/turns.js';
import { buildExample, deterministicSource } from '../../src/examples/build.js';
import { exampleGames } from '../../src/examples/games.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { ensureBuilt, ROOT } from '../support/build.js';
import { resealed } from '../support/reseal.js';

let dir = '';
/** The sea-lion-1941 example: its bytes and its events. */
let seaLion = '';
let seaLionText = '';
let seaLionEvents: StoredEvent[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'awaw-log-cli-'));
  seaLion = join(dir, 'sea-lion-1941.jsonl');
  await buildExample(seaLion1941(), seaLion);
  seaLionText = await readFile(seaLion, 'utf8');
  seaLionEvents = eventsOf(seaLionText);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const eventsOf = (text: string): StoredEvent[] =>
  text
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as StoredEvent);

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

let copies = 0;
async function writeLog(text: string | Buffer): Promise<string> {
  const path = join(dir, `copy-${++copies}.jsonl`);
  await writeFile(path, text);
  return path;
}

/** Appends one command's batch to a log through the engine, with deterministic envelopes. */
async function appendThroughEngine(
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

describe('verify', () => {
  it('an intact log: exit 0, naming its event count and last hash', async () => {
    const events = seaLionText.split('\n').length - 2; // header and final empty string
    const lastHash = seaLionEvents.at(-1)?.hash;
    const r = await cli('verify', seaLion);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(`${seaLion}: intact: ${events} events, head ${events}:${lastHash}\n`);
    const json = await cli('verify', '--json', seaLion);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      ok: true,
      events,
      version: events,
      formatVersion: 1,
      lastHash,
      head: { seq: events, hash: lastHash },
    });
  });

  it('one changed byte anywhere: exit 1 naming the line that holds it', async () => {
    const bytes = Buffer.from(seaLionText, 'utf8');
    await fc.assert(
      fc.asyncProperty(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), async (position, flip) => {
        const damaged = Buffer.from(bytes);
        damaged[position] = (bytes[position] ?? 0) ^ flip;
        const line = bytes.subarray(0, position).filter((b) => b === 0x0a).length + 1;
        const path = await writeLog(damaged);
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
          [seaLionText.indexOf('\n'), 1],
          [seaLionText.indexOf('"hash"', 200) + 10, 3],
        ],
      },
    );
  });

  it('a missing file is exit 2 naming it', async () => {
    const missing = join(dir, 'nowhere.jsonl');
    for (const command of ['verify', 'replay', 'audit']) {
      const r = await cli(command, missing);
      expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `$: cannot read ${missing} (ENOENT)\n`]);
      const json = await cli(command, '--json', missing);
      expect(JSON.parse(json.stdout)).toEqual({ error: { path: '$', message: `cannot read ${missing} (ENOENT)` } });
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
    expect(await cli('audit', seaLion, seaLion)).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: audit takes exactly one file argument\n',
    });
    expect(await cli('replay', '--repair', seaLion)).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: --repair applies to verify only\n',
    });
    expect(await cli('audit', '--repair', seaLion)).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: --repair applies to verify only\n',
    });
  });

  it('a log of a newer format version is refused by verify, replay and audit: exit 1, "newer"', async () => {
    const path = await writeLog(
      resealed(seaLionText, (bodies) => {
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
    const lines = seaLionText.split('\n').length - 1;
    const path = await writeLog(seaLionText.slice(0, -40));
    const before = await cli('verify', path);
    expect(before.code).toBe(1);
    expect(before.stderr).toBe(
      `${path}:line ${lines}: the last line is torn (a write was cut off); ` +
        `--repair truncates it (run \`awaw-surrender verify ${path} --repair\`)\n`,
    );
    const replayTorn = await cli('replay', path);
    expect(replayTorn.code).toBe(1);
    expect(replayTorn.stderr).toContain(
      `${path}:line ${lines}: the last line is torn (a write was cut off); ` +
        `it was not replayed: run \`awaw-surrender verify ${path} --repair\``,
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
      const events = seaLionEvents.length;
      const last = seaLionEvents.at(-1);
      const origin = seaLionEvents.at(-2);
      expect([origin?.type, last?.type]).toEqual(['host.game-turn-ended', 'britain.resistance-determined']);
      const path = await writeLog(seaLionText.slice(0, -40));
      const repair = await cli('verify', '--json', '--repair', path);
      expect(repair.code).toBe(0);
      expect(JSON.parse(repair.stdout)).toMatchObject({
        ok: true,
        action: 'truncated',
        line: events + 1,
        events: events - 2,
        version: events - 2,
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
      expect(await readFile(path, 'utf8')).toBe(`${seaLionText.split('\n').slice(0, -3).join('\n')}\n`);
      // The host reports the turn end again: the log is the original one once more.
      if (origin?.type !== 'host.game-turn-ended') throw new Error('fixture');
      const engine = await SurrenderEngine.open(
        await JsonlFileStore.open(path, { source: deterministicSource('sea-lion-1941') }),
      );
      const again = await engine.execute('sea-lion-1941', { type: origin.type, data: origin.data });
      await engine.close();
      expect(again.ok && again.events.map((e) => [e.seq, e.type])).toEqual([
        [events - 1, 'host.game-turn-ended'],
        [events, 'britain.resistance-determined'],
      ]);
      expect((await cli('replay', path)).code).toBe(0);
    },
  );

  it('a torn single-event append is cut off alone: nothing before it is removed', async () => {
    const path = await writeLog(seaLionText);
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
      events: seaLionEvents.length,
      cutBatch: null,
    });
    expect(await readFile(path, 'utf8')).toBe(seaLionText);
  });

  it(
    'without a torn line, a log ending inside an append is left ' +
      'alone: replay reports the missing decision, --repair changes nothing',
    async () => {
      const shortened = `${seaLionText.split('\n').slice(0, -2).join('\n')}\n`;
      const path = await writeLog(shortened);
      expect((await cli('verify', path)).code).toBe(0);
      const replay = await cli('replay', path);
      expect(replay.code).toBe(1);
      const originLine = seaLionEvents.length; // the game turn end, seq n-1, on line n
      expect(replay.stderr).toBe(
        `${path}:line ${originLine}: [sea-lion-1941] the log lacks the rule decision "britain.resistance-determined" ` +
          `that follows from event ${seaLionEvents.length - 1}\n`,
      );
      const repair = await cli('verify', '--repair', path);
      expect(repair).toEqual({ code: 0, stdout: `${path}: the log is intact: nothing to repair\n`, stderr: '' });
      expect(await readFile(path, 'utf8')).toBe(shortened);
    },
  );

  it('--repair refuses damage other than a torn last line: exit 1, nothing changed', async () => {
    const damaged = seaLionText.replace('"seq":5,', '"seq":6,');
    const path = await writeLog(damaged);
    const r = await cli('verify', '--repair', path);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/:line 6 is corrupt \(line 6: seq: expected 5, found 6/);
    expect(await readFile(path, 'utf8')).toBe(damaged);
  });
});

describe('replay', () => {
  it('--json: ok, version, one summary per game with its pending decisions, no mismatches', async () => {
    const r = await cli('replay', '--json', seaLion);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const out = JSON.parse(r.stdout) as Record<string, unknown> & { games: Record<string, unknown>[] };
    expect(Object.keys(out)).toEqual(['ok', 'version', 'head', 'games', 'mismatches', 'torn', 'headMismatch']);
    expect(out).toMatchObject({
      ok: true,
      version: seaLionEvents.length,
      head: { seq: seaLionEvents.length, hash: seaLionEvents.at(-1)?.hash },
      mismatches: [],
      torn: null,
      headMismatch: null,
    });
    expect(out.games).toHaveLength(1);
    const [game] = out.games;
    expect(Object.keys(game ?? {})).toEqual([
      'game',
      'turn',
      'scenario',
      'wars',
      'germany',
      'britain',
      'italy',
      'europeWarEnded',
      'britishSurrenders',
      'pending',
      'permissions',
    ]);
    expect(game).toMatchObject({
      game: 'sea-lion-1941',
      turn: 'Spring 1942',
      scenario: 'european',
      wars: ['germany-russia', 'italy-russia'],
      germany: 'atWar',
      britain: 'atPeace',
      italy: 'atWar',
      europeWarEnded: null,
      britishSurrenders: [{ turn: 'Summer 1941', level: -4, outcome: 'peace' }],
      pending: [],
    });
  });

  it("59.23: a log cut after the British offer shows Germany's answer pending", async () => {
    const script = seaLion1941();
    const path = join(dir, 'offer-pending.jsonl');
    const cut = script.events.findIndex((e) => e.type === 'britain.offer-accepted');
    script.events.splice(cut);
    await buildExample(script, path);
    const r = await cli('replay', '--json', path);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { games: { pending: unknown[] }[] };
    // --json: the decision's data, and its words rendered from them.
    expect(out.games[0]?.pending).toEqual([
      {
        decision: 'respond-to-british-offer',
        by: 'germany',
        rule: '59.23',
        commands: ['britain.offer-accepted', 'britain.offer-rejected'],
        turn: { season: 'summer', year: 1941 },
        resistanceLevel: -4,
        surrenderLevel: -4,
        previousSurrenderLevel: null,
        forced: false,
        choices: {
          answers: [
            {
              rule: '59.41',
              allowed: true,
              refusedBy: null,
              command: { type: 'britain.offer-accepted', data: { turn: { season: 'summer', year: 1941 } } },
            },
            {
              rule: '59.31',
              allowed: true,
              refusedBy: null,
              command: { type: 'britain.offer-rejected', data: { turn: { season: 'summer', year: 1941 } } },
            },
          ],
        },
        description:
          'Germany must accept or reject the British surrender offer ' +
          'of Summer 1941 at level -4 (surrender level -4 if accepted)',
      },
    ]);
    const readable = await cli('replay', path);
    expect(readable.stdout).toContain(
      '\n  pending:\n    59.23   germany: Germany must accept or reject the ' +
        'British surrender offer of Summer 1941 at level -4 (surrender level -4 if ' +
        'accepted)\n            answered by britain.offer-accepted or britain.offer-rejected\n',
    );
  });
});

describe('audit', () => {
  it.each(Object.keys(exampleGames))(
    '%s: one line per rule decision, with its turn and its rule number',
    async (name) => {
      const make = exampleGames[name];
      if (make === undefined) throw new Error(name);
      const path = join(dir, `${name}.jsonl`);
      await buildExample(make(), path);
      const events = eventsOf(await readFile(path, 'utf8'));
      const json = await cli('audit', '--json', path);
      expect([json.code, json.stderr]).toEqual([0, '']);
      const { entries, ok, mismatches } = JSON.parse(json.stdout) as {
        ok: boolean;
        mismatches: unknown[];
        entries: {
          seq: number;
          turn: string;
          rule: string;
          result: string;
          breakdown: string[];
          zeroRows: { row: number; name: string }[];
        }[];
      };
      expect([ok, mismatches]).toEqual([true, []]);
      const decisions = events.filter((e) => definitionOf(e.type)?.source === 'engine');
      expect(decisions.length).toBeGreaterThan(0);
      for (const event of decisions) {
        const own = entries.filter((e) => e.seq === event.seq);
        expect(own.length, `${event.type} at seq ${event.seq}`).toBeGreaterThan(0);
        for (const entry of own) {
          expect(entry.turn).toBe(turnName(event.data.turn));
          // The entry cites one of the rules the event records, or the section holding them (55.2 for 55.21 ...).
          const rules = definitionOf(event.type)?.rules ?? [];
          expect(
            rules.some((r) => r === entry.rule || r.startsWith(entry.rule)),
            `${entry.rule} for ${event.type} (${rules.join(', ')})`,
          ).toBe(true);
        }
      }
      // The text: per entry a headline (turn, rule, result), then its rows indented, the zero ones on one line.
      const readable = await cli('audit', path);
      const lines = readable.stdout.trimEnd().split('\n');
      const headlines = lines.filter((l) => !l.startsWith(' '));
      expect(headlines).toEqual(entries.map((e) => `${e.turn.padEnd(11)}  ${e.rule.padEnd(7)}  ${e.result}`));
      const rows = lines.filter((l) => l.startsWith(' '));
      const expected = entries.map((e) => e.breakdown.length - e.zeroRows.length + (e.zeroRows.length > 0 ? 1 : 0));
      expect(rows).toHaveLength(expected.reduce((a, b) => a + b, 0));
      expect(rows.every((r) => r.startsWith(' '.repeat(13)) && r[13] !== ' ')).toBe(true);
    },
  );

  it('59.12, 59.23, 59.41: the sea-lion surrender reads line by line', async () => {
    const r = await cli('audit', seaLion);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const text = r.stdout;
    expect(text).toContain(
      '\nSummer 1941  59.12    Britain offers to surrender at -4\n             59.41 surrender level if accepted ' +
        '-4\nSummer 1941  59.23    Germany accepts the British surrender offer\n',
    );
    expect(text).toContain(
      '\nSummer 1941  59.21    British resistance level -4; naval 51:44\n             59.22A dpLevel -1: British ' +
        'DP level, calculated as though a YSS were taking place: -1\n',
    );
    expect(lines.filter((l) => l.includes('  55.11    Germany fights on: resistance '))).toHaveLength(5);
    // 59.21: the rows that count zero are gathered on one line, named by rule and key, where the last of them stands in
    // the table.
    expect(text).toContain(
      '\n             59.21 majorPowersAtWar +1: Russia at war with the European Axis, +1 each: +1\n             ' +
        'zero: 59.22B maltaSingapore, 59.21 australiaIndia, 59.21 atomicAttacks, 59.21 ' +
        'noRussianUnitInEasternEurope, 59.22F navalRatio, ',
    );
  });
});

describe('a rule decision edited in the log (the hash chain sealed again, so that the log itself verifies)', () => {
  const editedLog = async () => {
    let line = 0;
    const text = resealed(seaLionText, (bodies) => {
      const index = bodies.findIndex((b) => b.includes('"type":"britain.resistance-determined"'));
      const event = JSON.parse(bodies[index] ?? '') as { data: { level: number } };
      event.data.level += 1;
      bodies[index] = JSON.stringify(event);
      line = index + 1;
    });
    return { path: await writeLog(text), line };
  };

  it('59.21: verify still exits 0; replay and audit exit 1 naming the edited line', async () => {
    const { path, line } = await editedLog();
    expect((await cli('verify', path)).code).toBe(0);
    for (const command of ['replay', 'audit']) {
      const r = await cli(command, path);
      expect(r.code).toBe(1);
      const reports = r.stderr.trimEnd().split('\n');
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatch(
        new RegExp(
          `:line ${line}: \\[sea-lion-1941\\] "britain.resistance-determined" no longer matches the rules at data\\.`,
        ),
      );
      expect(reports[0]?.startsWith(`${path}:line ${line}: `)).toBe(true);
    }
    const json = await cli('replay', '--json', path);
    const out = JSON.parse(json.stdout) as { ok: boolean; mismatches: { seq: number; game: string }[] };
    expect(out.ok).toBe(false);
    expect(out.mismatches.map((m) => [m.seq, m.game])).toEqual([[line - 1, 'sea-lion-1941']]);
  });

  it(
    '59.12: an offer removed from the log (sealed again, ' +
      'renumbered) is reported as missing where play went on without it',
    async () => {
      let offerSeq = 0;
      const text = resealed(seaLionText, (bodies) => {
        offerSeq = bodies.findIndex((b) => b.includes('"type":"britain.surrender-offered"'));
        bodies.splice(offerSeq, 1);
        for (let seq = offerSeq; seq < bodies.length; seq += 1) {
          const event = JSON.parse(bodies[seq] ?? '') as { seq: number };
          event.seq = seq;
          bodies[seq] = JSON.stringify(event);
        }
      });
      const path = await writeLog(text);
      expect((await cli('verify', path)).code).toBe(0);
      const r = await cli('replay', path);
      expect(r.code).toBe(1);
      // The game turn end (two events before the offer) expected it; Germany's acceptance now holds its place.
      expect(r.stderr.split('\n').slice(0, 2)).toEqual([
        `${path}:line ${offerSeq + 1}: [sea-lion-1941] the log lacks the rule decision "britain.surrender-offered" ` +
          `that follows from event ${offerSeq - 2}`,
        `${path}:line ${offerSeq + 1}: [sea-lion-1941] the rules refuse this britain.offer-accepted: Britain has ` +
          `made no surrender offer (59.12)`,
      ]);
    },
  );
});

const NPX_MS = 60_000;
// npx links the project into npm's cache and would run its `prepare` (a full rebuild of dist/ while other test
// files spawn the bin): scripts are off, and ensureBuilt has built dist/ that the link points at.
const NPX_ENV = { ...process.env, npm_config_ignore_scripts: 'true' };

describe('the installed command', () => {
  beforeAll(ensureBuilt, 120_000);

  it(
    '`npx awaw-surrender --help` works from the project directory',
    () => {
      const r = spawnSync('npx', ['awaw-surrender', '--help'], {
        cwd: ROOT,
        env: NPX_ENV,
        encoding: 'utf8',
        timeout: NPX_MS,
      });
      expect(r.status).toBe(0);
      expect(r.stdout.startsWith('usage: awaw-surrender <calculator> [--json] [--option NAME=VALUE] <file|->\n')).toBe(
        true,
      );
      expect(r.stdout).toContain('  german-surrender    German resistance level and surrender (55.11, 55.12) [55.1]\n');
    },
    NPX_MS + 5_000,
  );

  it(
    '`npx awaw-surrender verify LOG` reads a log from the project directory',
    () => {
      const r = spawnSync('npx', ['awaw-surrender', 'verify', seaLion], {
        cwd: ROOT,
        env: NPX_ENV,
        encoding: 'utf8',
        timeout: NPX_MS,
      });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(
        `${seaLion}: intact: ${seaLionEvents.length} events, head ` +
          `${seaLionEvents.length}:${seaLionEvents.at(-1)?.hash}\n`,
      );
    },
    NPX_MS + 5_000,
  );
});

describe('a log converted to CRLF line endings', () => {
  it('is refused at line 1 with a message that says what happened', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'awaw-crlf-'));
    try {
      const path = join(dir, 'crlf.jsonl');
      const text = await readFile(new URL('../../examples/sea-lion-1941.jsonl', import.meta.url), 'utf8');
      await writeFile(path, text.replace(/\n/g, '\r\n'));
      const io = memoryIo();
      expect(await runCli(['verify', path], io)).toBe(1);
      expect(io.stderr).toBe(
        `${path}:line 1: format: the log has CRLF line endings (converted by an editor or by git?); convert it ` +
          `back to LF line endings, byte for byte\n`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
