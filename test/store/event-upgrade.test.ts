// Event versions: a log written before a payload changed still reads and replays. britain.resistance-determined
// v1 (before 59.22F's "at war with Germany" was recorded apart, docs/rulings.md) and v2 (its lines still their words)
// are upgraded to v3 (lines as data) on read.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginEvent, StoredEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { auditEntries } from '../../src/audit/audit.js';
import { renderBritishLine, type BritishLine } from '../../src/rules/british-lines.js';
import { defaultRulingOptions, type RulingOptions } from '../../src/rules/options.js';
import { decodeEventLine, headerLine, sealLine } from '../../src/store/line-format.js';
import { readLog } from '../../src/store/file/scan.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { turn } from '../support/fixtures.js';
import { declareWar, gameTurnEnded, seaLionStart, usAtWarStart } from '../support/british-fixtures.js';
import { defined } from '../support/defined.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'awaw-upgrade-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Writes the game through the engine, then rewrites its resistance levels as version `v` wrote them (re-sealing the
 * chain).
 */
async function oldLog(name: string, origins: readonly OriginEvent[], v: 1 | 2 = 1): Promise<string> {
  const path = join(dir, `${name}.jsonl`);
  const engine = await SurrenderEngine.open(
    await JsonlFileStore.open(path, { create: true, source: deterministicSource(name) }),
  );
  for (const origin of origins) expect((await engine.execute('g1', origin)).ok).toBe(true);
  await engine.close();
  const lines = (await readFile(path, 'utf8')).trimEnd().split('\n').slice(1);
  const header = headerLine();
  let hash = header.hash;
  const out = [header.line];
  for (const text of lines) {
    const { hash: _old, ...event } = JSON.parse(text) as {
      hash: string;
      type: string;
      v: number;
      data: { inputs?: Record<string, unknown>; lines?: unknown[] };
    };
    if (event.type === 'britain.resistance-determined') {
      event.v = v;
      if (v === 1) delete event.data.inputs?.['atWarWithGermany'];
      // v1 and v2 stored each line's words, not its params.
      event.data.lines = (event.data.lines as BritishLine[]).map((l) => ({
        key: l.key,
        rule: l.rule,
        value: l.value,
        detail: renderBritishLine(l),
      }));
    }
    const sealed = sealLine(hash, JSON.stringify(event));
    out.push(sealed.line);
    hash = sealed.hash;
  }
  await writeFile(path, `${out.join('\n')}\n`);
  return path;
}

const resistanceEvents = async (path: string, validate: boolean) => {
  const out: StoredEvent[] = [];
  for await (const batch of readLog(path, { validate }))
    out.push(...batch.filter((e) => e.type === 'britain.resistance-determined'));
  return out;
};

describe('event versions: britain.resistance-determined v1 is read as v3', () => {
  const sp43 = turn('spring', 1943);

  it(
    '59.22F: a v1 line verifies, reads as v3 with the old flag as "at war with Germany" (checked and trusted ' +
      'reads), and replays clean',
    async () => {
      const path = await oldLog('grand-alliance', [usAtWarStart(), gameTurnEnded(sp43)]);
      expect(await readFile(path, 'utf8')).toContain('"type":"britain.resistance-determined","v":1');
      expect(await verifyLog(path)).toMatchObject({ ok: true, events: 3 });
      for (const validate of [true, false]) {
        const [event] = await resistanceEvents(path, validate);
        expect(event?.v).toBe(3);
        expect(event?.type === 'britain.resistance-determined' && event.data.inputs.atWarWithGermany).toEqual({
          us: true,
          russia: true,
        });
      }
      const engine = await SurrenderEngine.open(await JsonlFileStore.open(path), { checkDecisions: true });
      expect(engine.mismatches).toEqual([]);
      await engine.close();
    },
  );

  it(
    '59.22F: where the old reading differs (the U.S. at war ' +
      'with Italy alone) the replay reports the changed decision',
    async () => {
      const path = await oldLog('italy-only', [
        seaLionStart(),
        declareWar(turn('spring', 1941), 'italy', ['us']),
        gameTurnEnded(turn('spring', 1941)),
      ]);
      const engine = await SurrenderEngine.open(await JsonlFileStore.open(path), { checkDecisions: true });
      expect(engine.mismatches.map((m) => m.message)).toEqual([
        '"britain.resistance-determined" no longer matches the rules at data.inputs.atWarWithGermany.us: the rules ' +
          'give false, the log holds true',
      ]);
      await engine.close();
    },
  );
});

describe('event versions: britain.resistance-determined v2 (lines as words) is read as v3 (lines as data)', () => {
  const sp43 = turn('spring', 1943);
  const withOption = (usat30to39WhenUsAtWar: RulingOptions['usat30to39WhenUsAtWar']) =>
    usAtWarStart({ options: { ...defaultRulingOptions, usat30to39WhenUsAtWar } });
  /** The USAT 30-39 row (59.21) of the first resistance level, as read. */
  const usatRow = async (path: string) => {
    const [event] = await resistanceEvents(path, true);
    return event?.type === 'britain.resistance-determined' ? [event.v, event.data.lines[11]] : [];
  };
  /** The log's resistance-determined line, edited, and its line number. */
  const editedLine = async (path: string, edit: (lines: { key: string; value: number }[]) => void) => {
    const texts = (await readFile(path, 'utf8')).split('\n');
    const index = texts.findIndex((t) => t.includes('"type":"britain.resistance-determined"'));
    const event = JSON.parse(defined(texts[index], 'the resistance-determined line')) as {
      data: { lines: { key: string; value: number }[] };
    };
    edit(event.data.lines);
    return { text: JSON.stringify(event), line: index + 1 };
  };

  it(
    '59.21: a v2 line of a game whose option ignores the USAT 30-39 row while the U.S. is at war with Germany is ' +
      'read with the row ignored, replays clean and audits in the same words',
    async () => {
      const path = await oldLog('usat-ignored', [withOption('ignored'), gameTurnEnded(sp43, { usatLevel: 35 })], 2);
      expect(await readFile(path, 'utf8')).toContain('"type":"britain.resistance-determined","v":2');
      expect(await usatRow(path)).toEqual([
        3,
        { key: 'usat30to39', rule: '59.21', value: 0, params: { usatLevel: 35, ignored: true } },
      ]);
      const engine = await SurrenderEngine.open(await JsonlFileStore.open(path), { checkDecisions: true });
      expect(engine.mismatches).toEqual([]);
      await engine.close();
      // --json keeps every row, the zero ones included.
      const audit = (await resistanceEvents(path, true))
        .flatMap((e) => auditEntries(e).flatMap((entry) => entry.breakdown))
        .join('\n');
      expect(audit).toContain(
        '59.21 USAT level 35 is between 30 and 39 but does not count while the U.S. is at war with Germany ' +
          '(ruling option of 59.21, docs/rulings.md): 0',
      );
    },
  );

  it('59.21: a v2 line of a game whose option counts the USAT 30-39 row is read with the row counted', async () => {
    const path = await oldLog('usat-counts', [withOption('counts'), gameTurnEnded(sp43, { usatLevel: 35 })], 2);
    expect(await usatRow(path)).toEqual([
      3,
      { key: 'usat30to39', rule: '59.21', value: 1, params: { usatLevel: 35, ignored: false } },
    ]);
    const engine = await SurrenderEngine.open(await JsonlFileStore.open(path), { checkDecisions: true });
    expect(engine.mismatches).toEqual([]);
    await engine.close();
  });

  it(
    '59.21: a v2 USAT 30-39 row that neither option gives is ' +
      'refused at its value, with what the default option gives',
    async () => {
      const path = await oldLog('usat-neither', [withOption('counts'), gameTurnEnded(sp43, { usatLevel: 35 })], 2);
      const { text, line } = await editedLine(path, (lines) => {
        defined(lines[11], 'line 11').value = 2;
      });
      expect(() => decodeEventLine(text, line)).toThrow(
        `line ${line}: data.lines[11].value: line "usat30to39" holds 2; its stored inputs give 1`,
      );
    },
  );

  it(
    '59.75A: in a game that ignores the USAT 30-39 row, a v2 line ' +
      'changed further down is refused at that line, not at the USAT row',
    async () => {
      const path = await oldLog(
        'usat-ignored-edited',
        [withOption('ignored'), gameTurnEnded(sp43, { usatLevel: 35 })],
        2,
      );
      const { text, line } = await editedLine(path, (lines) => {
        defined(lines[16], 'line 16').value = -1;
      });
      expect(() => decodeEventLine(text, line)).toThrow(
        `line ${line}: data.lines[16].value: line "concessionsForgone" holds -1; its stored inputs give 0`,
      );
    },
  );

  it('59.21: a v2 line missing a row is refused at the first row out of place', async () => {
    const path = await oldLog('row-missing', [withOption('counts'), gameTurnEnded(sp43)], 2);
    const { text, line } = await editedLine(path, (lines) => {
      lines.splice(3, 1);
    });
    expect(() => decodeEventLine(text, line)).toThrow(
      `line ${line}: data.lines[3].key: line "firestorms" is not ` +
        `a row the rules derive from the stored inputs at this place`,
    );
  });
});
