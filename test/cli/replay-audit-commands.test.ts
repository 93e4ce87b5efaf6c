// `awaw-surrender replay|audit LOG`: each game's state and pending decisions, the audit line by line, and exit 1
// for a rule decision that no longer matches. Logs from the example games, edited on purpose.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { definitionOf } from '../../events/index.js';
import { turnName } from '../../src/rules/turns.js';
import { buildExample } from '../../src/examples/build.js';
import { exampleGames } from '../../src/examples/games.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { resealed } from '../support/reseal.js';
import { cli, eventsOf, seaLionLog } from '../support/log-cli.js';

const sea = seaLionLog();

describe('replay', () => {
  it('--json: ok, version, one summary per game with its pending decisions, no mismatches', async () => {
    const r = await cli('replay', '--json', sea.path);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const out = JSON.parse(r.stdout) as Record<string, unknown> & { games: Record<string, unknown>[] };
    expect(Object.keys(out)).toEqual(['ok', 'version', 'head', 'games', 'mismatches', 'torn', 'headMismatch']);
    expect(out).toMatchObject({
      ok: true,
      version: sea.events.length,
      head: { seq: sea.events.length, hash: sea.events.at(-1)?.hash },
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
    const path = join(sea.dir, 'offer-pending.jsonl');
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
      const path = join(sea.dir, `${name}.jsonl`);
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
        if (!('turn' in event.data)) throw new Error(`${event.type} at seq ${event.seq} has no turn`);
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
      // The text: per entry a headline (turn, rule, result), then its rows indented, the zero ones in one; a line
      // wider than 100 columns goes on indented further, so joined again each line is a headline or a row.
      const readable = await cli('audit', path);
      const physical = readable.stdout.trimEnd().split('\n');
      expect(physical.filter((l) => l.length > 100)).toEqual([]);
      const lines: string[] = [];
      for (const l of physical) {
        if (/^ {14}/.test(l) && lines.length > 0) lines[lines.length - 1] += ` ${l.trimStart()}`;
        else lines.push(l);
      }
      const headlines = lines.filter((l) => !l.startsWith(' '));
      expect(headlines).toEqual(entries.map((e) => `${e.turn.padEnd(11)}  ${e.rule.padEnd(7)}  ${e.result}`));
      const rows = lines.filter((l) => l.startsWith(' '));
      const expected = entries.map((e) => e.breakdown.length - e.zeroRows.length + (e.zeroRows.length > 0 ? 1 : 0));
      expect(rows).toHaveLength(expected.reduce((a, b) => a + b, 0));
      expect(rows.every((r) => r.startsWith(' '.repeat(13)) && r[13] !== ' ')).toBe(true);
    },
  );

  it('59.12, 59.23, 59.41: the sea-lion surrender reads line by line', async () => {
    const r = await cli('audit', sea.path);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const text = r.stdout;
    expect(text).toContain(
      '\nSummer 1941  59.12    Britain offers to surrender at -4\n             59.41 surrender level if accepted ' +
        '-4\nSummer 1941  59.23    Germany accepts the British surrender offer\n',
    );
    expect(text).toContain(
      '\nSummer 1941  59.21    British resistance level -4; naval 51:44\n             59.22A British ' +
        'DP level, calculated as though a YSS were taking place: -1\n',
    );
    expect(lines.filter((l) => l.includes('  55.11    Germany fights on: resistance '))).toHaveLength(5);
    // 59.21: the rows that count zero are gathered in one, named by rule and row, where the last of them stands in
    // the table.
    expect(text).toContain(
      '\n             59.21 Russia at war with the European Axis, +1 each: +1\n' +
        '             zero: 59.22B Malta and Singapore, 59.21 Australia and India, 59.21 atomic attacks,\n' +
        '                   59.21 no Russian unit in Eastern Europe, 59.22F naval ratio, ',
    );
  });
});

describe('a rule decision edited in the log (the hash chain sealed again, so that the log itself verifies)', () => {
  const editedLog = async () => {
    let line = 0;
    const text = resealed(sea.text, (bodies) => {
      const index = bodies.findIndex((b) => b.includes('"type":"britain.resistance-determined"'));
      const event = JSON.parse(bodies[index] ?? '') as { data: { level: number } };
      event.data.level += 1;
      bodies[index] = JSON.stringify(event);
      line = index + 1;
    });
    return { path: await sea.writeLog(text), line };
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
      const text = resealed(sea.text, (bodies) => {
        offerSeq = bodies.findIndex((b) => b.includes('"type":"britain.surrender-offered"'));
        bodies.splice(offerSeq, 1);
        for (let seq = offerSeq; seq < bodies.length; seq += 1) {
          const event = JSON.parse(bodies[seq] ?? '') as { seq: number };
          event.seq = seq;
          bodies[seq] = JSON.stringify(event);
        }
      });
      const path = await sea.writeLog(text);
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
