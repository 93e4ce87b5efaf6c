// Log format 2: the five example logs as version 1 wrote them (test/fixtures/v1, byte for byte as committed
// before effects became data) still read, replay and audit through the upcasters, with the same decisions.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { auditEntries, formatAuditEntry } from '../../src/audit/audit.js';
import { Replayer } from '../../src/engine/replay.js';
import { readLog } from '../../src/store/file/verify.js';
import { decodeEventLine } from '../../src/store/line-format.js';
import { defined } from '../support/defined.js';

const EXAMPLES = [
  'sea-lion-1941',
  'rejected-then-forced-1943',
  'conciliation-and-second-surrender',
  'italy-1943-germany-1945',
  'germany-first-then-italy-1945',
];
const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/v1/${name}.jsonl`, import.meta.url));
const example = (name: string): string => fileURLToPath(new URL(`../../examples/${name}.jsonl`, import.meta.url));

async function read(path: string): Promise<{ events: StoredEvent[]; mismatches: readonly unknown[] }> {
  const replayer = new Replayer({ checkDecisions: true });
  const events: StoredEvent[] = [];
  for await (const batch of readLog(path, { validate: true })) {
    replayer.applyAll(batch);
    events.push(...batch);
  }
  return { events, mismatches: replayer.finish() };
}

const audit = (events: readonly StoredEvent[]): string[] =>
  events.flatMap((e) => auditEntries(e).map((entry) => formatAuditEntry(entry)));
/** Every row of the audit, the zero ones included (as `--json` keeps them). */
const auditRows = (events: readonly StoredEvent[]): string[] =>
  events.flatMap((e) => auditEntries(e).flatMap((entry) => [entry.result, ...entry.breakdown]));
/** What a decision is: its type, version and payload (the envelope's hash differs between the two logs). */
const decisionsOf = (events: readonly StoredEvent[]) =>
  events.map((e) => ({ seq: e.seq, type: e.type, v: e.v, data: withoutLaterOptions(e) }));
/**
 * The options added after v1 (absent in a v1 game: docs/rulings.md, 56.12A, 56.12B); the decisions are the same under
 * both.
 */
function withoutLaterOptions(e: StoredEvent): unknown {
  if (e.type !== 'host.game-started') return e.data;
  const { italianWarDeclarations: _, ...options } = e.data.options;
  return { ...e.data, options };
}

describe('log format 2: version 1 logs read through the upcasters', () => {
  for (const name of EXAMPLES) {
    it(
      `55.11, 56.11, 59.41: ${name} (v1) replays with no ` +
        `mismatch, to the same decisions and audit as the v2 example`,
      async () => {
        const v1 = await read(fixture(name));
        const v2 = await read(example(name));
        expect(v1.mismatches).toEqual([]);
        expect(v2.mismatches).toEqual([]);
        expect(decisionsOf(v1.events)).toEqual(decisionsOf(v2.events));
        // The v1 game predates italianWarDeclarations: its audit names the reading it follows.
        const without = (lines: string[]) => lines.map((l) => l.replace(/\n +ruling option 56\.12A[\s\S]*$/, ''));
        expect(audit(v1.events)[0]).toContain(
          'ruling option 56.12A and 56.12B, declarations of war between Italy and the Western\n' +
            '                           Allies: every one counts (the game started before the option)',
        );
        expect(without(audit(v1.events))).toEqual(without(audit(v2.events)));
      },
    );
  }

  it('the fixtures are version 1 logs: effects stored as words, never as params', () => {
    const text = readFileSync(fixture('sea-lion-1941'), 'utf8');
    expect(text).toContain(
      '"code":"peace-treaty","text":"The U.S. was not at war in Europe: a peace treaty is negotiated between ' +
        'Germany and Britain, worth 8 concession points (59.65)."',
    );
    expect(text).not.toContain('"params"');
    expect(readFileSync(example('sea-lion-1941'), 'utf8')).toContain(
      '"code":"peace-treaty","params":{"concessionPoints":8}',
    );
  });

  it(
    '59.21: the fixtures hold britain.resistance-determined ' +
      'v2, its lines as words; the examples v3, its lines as data',
    () => {
      const text = readFileSync(fixture('sea-lion-1941'), 'utf8');
      expect(text).toContain('"type":"britain.resistance-determined","v":2');
      expect(text).toContain(
        '{"key":"dpLevel","rule":"59.22A","value":4,"detail":"British ' +
          'DP level, calculated as though a YSS were taking place: +4"}',
      );
      const v3 = readFileSync(example('sea-lion-1941'), 'utf8');
      expect(v3).toContain('"type":"britain.resistance-determined","v":3');
      expect(v3).toContain('{"key":"dpLevel","rule":"59.22A","value":4,"params":{}}');
    },
  );
});

/** The v1 line of `type` in a fixture, its data changed by `edit`, resealed as line `line` of a one-event log. */
function v1Line(
  name: string,
  type: string,
  edit: (data: Record<string, unknown>) => void,
): { text: string; line: number } {
  const lines = readFileSync(fixture(name), 'utf8').split('\n');
  const index = lines.findIndex((l) => l.includes(`"type":"${type}"`));
  const event = JSON.parse(defined(lines[index], `the ${type} line`)) as { data: Record<string, unknown> };
  edit(event.data);
  return { text: JSON.stringify(event), line: index + 1 };
}

describe('log format 2: what a v1 line cannot say is refused, naming the line and the path', () => {
  it('59.62: a v1 effect whose words no longer match its v1 template is refused at its text', () => {
    const { text, line } = v1Line('sea-lion-1941', 'britain.surrendered', (data) => {
      const effects = data['effects'] as { code: string; text: string }[];
      const treaty = defined(
        effects.find((e) => e.code === 'peace-treaty'),
        'the peace-treaty effect',
      );
      treaty.text = 'A peace treaty worth eight points.';
    });
    const index = (JSON.parse(text) as { data: { effects: { code: string }[] } }).data.effects.findIndex(
      (e) => e.code === 'peace-treaty',
    );
    expect(() => decodeEventLine(text, line)).toThrow(
      `line ${line}: data.effects[${index}].text: the words of a version 1 "peace-treaty" effect do not match its ` +
        `template: "A peace treaty worth eight points."`,
    );
  });

  it('55.31: a v1 effect with a code the registry does not know is refused at its code', () => {
    const { text, line } = v1Line('italy-1943-germany-1945', 'germany.surrendered', (data) => {
      defined((data['effects'] as { code: string }[])[0], 'the first effect').code = 'remove-units-55-31';
    });
    expect(() => decodeEventLine(text, line)).toThrow(
      `line ${line}: data.effects[0].code: unknown effect code "remove-units-55-31"`,
    );
  });

  it('55.21: a v1 war-ended reason that v1 never wrote is refused at its reason', () => {
    const { text, line } = v1Line('italy-1943-germany-1945', 'europe.war-ended', (data) => {
      data['reason'] = 'Germany gave up';
    });
    expect(() => decodeEventLine(text, line)).toThrow(
      `line ${line}: data.reason: not a reason a version 1 log holds: "Germany gave up"`,
    );
  });

  it('55.11B: a v1 German line whose value is not what its stored inputs give is refused at its value', () => {
    const { text, line } = v1Line('italy-1943-germany-1945', 'germany.surrender-checked', (data) => {
      defined((data['lines'] as { value: number }[])[2], 'line 2').value = -3;
    });
    expect(() => decodeEventLine(text, line)).toThrow(
      `line ${line}: data.lines[2].value: line "firestorms" holds -3; its stored inputs give 0`,
    );
  });

  it("55.11B: a v1 German line out of the table's order has no params to derive and is refused at its key", () => {
    const { text, line } = v1Line('italy-1943-germany-1945', 'germany.surrender-checked', (data) => {
      (data['lines'] as unknown[]).reverse();
    });
    expect(() => decodeEventLine(text, line)).toThrow(
      `line ${line}: data.lines[0].key: line "atomicAttacks" is ` +
        `not a row the rules derive from the stored inputs at this place`,
    );
  });

  it('56.31: a v1 Italian line whose value is not what its stored inputs give is refused at its value', () => {
    const { text, line } = v1Line('italy-1943-germany-1945', 'italy.surrender-checked', (data) => {
      defined((data['lines'] as { value: number }[])[4], 'line 4').value = 5;
    });
    const held = (JSON.parse(text) as { data: { inputs: { covertOperationsModifier: number } } }).data.inputs
      .covertOperationsModifier;
    expect(() => decodeEventLine(text, line)).toThrow(
      `line ${line}: data.lines[4].value: line "covertOperations" holds 5; its stored inputs give ${held}`,
    );
  });

  it('59.22F: a v2 British naval line whose value is not what its stored inputs give is refused at its value', () => {
    const { text, line } = v1Line('sea-lion-1941', 'britain.resistance-determined', (data) => {
      defined((data['lines'] as { value: number }[])[9], 'line 9').value = 2;
    });
    expect(() => decodeEventLine(text, line)).toThrow(
      `line ${line}: data.lines[9].value: line "navalRatio" holds 2; its stored inputs give 0`,
    );
  });

  it('59.21: a v2 British line with a key the table does not have is refused at its key', () => {
    const { text, line } = v1Line('sea-lion-1941', 'britain.resistance-determined', (data) => {
      defined((data['lines'] as { key: string }[])[0], 'line 0').key = 'dpTotal';
    });
    expect(() => decodeEventLine(text, line)).toThrow(
      `line ${line}: data.lines[0].key: line "dpTotal" is not a ` +
        `row the rules derive from the stored inputs at this place`,
    );
  });

  it('a newer version than the engine reads is still refused', () => {
    const { text, line } = v1Line('italy-1943-germany-1945', 'germany.surrendered', () => undefined);
    const v3 = text.replace('"v":1', '"v":3');
    expect(() => decodeEventLine(v3, line)).toThrow(
      `line ${line}: v: "germany.surrendered" version 3 is newer than this engine reads (2); upgrade awaw-surrender`,
    );
  });
});

/**
 * The audit of copies of the v1 fixture and the example `name`, each replayed with no mismatch while `entry`'s
 * template is `render`. The registries are read-only to code; the test swaps one template as a later rewording would.
 */
async function rewordedAudits<R>(entry: { render: R }, render: R, name: string): Promise<string[]> {
  const original = entry.render;
  const dir = mkdtempSync(join(tmpdir(), 'reword-'));
  const audits: string[] = [];
  try {
    entry.render = render;
    for (const path of [fixture(name), example(name)]) {
      const copy = join(dir, 'log.jsonl');
      writeFileSync(copy, readFileSync(path));
      const { events, mismatches } = await read(copy);
      expect(mismatches).toEqual([]);
      audits.push(auditRows(events).join('\n'));
    }
  } finally {
    entry.render = original;
  }
  return audits;
}

describe('rule decisions are data: rewording a sentence changes no log and no verdict', () => {
  it(
    '59.67: with the indemnity words changed, the v1 and v2 ' +
      'logs replay with no mismatch and the audit shows the new words',
    async () => {
      const { effectCodes } = await import('../../events/effects.js');
      const entry = effectCodes.indemnity as {
        render: (p: { brps: number; britishBrpChange: number; germanBrpChange: number }) => string;
      };
      for (const text of await rewordedAudits(entry, (p) => `An indemnity: ${p.brps} BRPs.`, 'sea-lion-1941'))
        expect(text).toContain('59.67 An indemnity: 30 BRPs.');
    },
  );

  it(
    '55.11B: with the German DP total line reworded, the v1 and v2 ' +
      'logs replay with no mismatch and the audit shows the new words',
    async () => {
      const { germanLineCodes } = await import('../../src/rules/german-lines.js');
      const entry = germanLineCodes.dpTotal as { render: (p: object, value: number) => string };
      for (const text of await rewordedAudits(
        entry,
        (_, value) => `DP total, reworded: ${value}`,
        'italy-1943-germany-1945',
      )) {
        expect(text).toContain('55.11B DP total, reworded: 18');
      }
    },
  );

  it(
    '59.22F: with the naval force ratio line reworded, the v1 and ' +
      'v3 logs replay with no mismatch and the audit shows the new words',
    async () => {
      const { britishLineCodes } = await import('../../src/rules/british-lines.js');
      type Side = { fullFactors: number; halfStrengthFactors: number };
      const entry = britishLineCodes.navalRatio as {
        render: (p: { allied: Side; axis: Side; band: string; uncounted: unknown[] }, value: number) => string;
      };
      const reworded = await rewordedAudits(
        entry,
        (p, value) =>
          `naval ${p.allied.fullFactors} full + ${p.allied.halfStrengthFactors} half vs ${p.axis.fullFactors} full + ` +
          `${p.axis.halfStrengthFactors} half, ${p.band}: ${value}`,
        'sea-lion-1941',
      );
      for (const text of reworded)
        expect(text).toContain('59.22F naval 47 full + 9 half vs 40 full + 9 half, under-4:3: 0');
    },
  );
});
