// Event versions: a log written before a payload changed still reads and replays. britain.resistance-determined
// v1 (before 59.22F's "at war with Germany" was recorded apart, docs/rulings.md) is upgraded to v2 on read.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginEvent, StoredEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/engine/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { JsonlFileStore } from '../../src/store/jsonl-file.js';
import { headerLine, sealLine } from '../../src/store/line-format.js';
import { readLog } from '../../src/store/scan.js';
import { verifyLog } from '../../src/store/verify.js';
import { turn } from '../support/fixtures.js';
import { declareWar, gameTurnEnded, seaLionStart, usAtWarStart } from '../support/british-fixtures.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'awaw-upgrade-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the game through the engine, then rewrites its resistance levels as v1 lines (re-sealing the chain). */
async function v1Log(name: string, origins: readonly OriginEvent[]): Promise<string> {
  const path = join(dir, `${name}.jsonl`);
  const engine = await SurrenderEngine.open(await JsonlFileStore.open(path, { create: true, source: deterministicSource(name) }));
  for (const origin of origins) expect((await engine.execute('g1', origin)).ok).toBe(true);
  await engine.close();
  const lines = (await readFile(path, 'utf8')).trimEnd().split('\n').slice(1);
  const header = headerLine();
  let hash = header.hash;
  const out = [header.line];
  for (const text of lines) {
    const { hash: _old, ...event } = JSON.parse(text) as { hash: string; type: string; v: number; data: { inputs?: Record<string, unknown> } };
    if (event.type === 'britain.resistance-determined') {
      event.v = 1;
      delete event.data.inputs?.['atWarWithGermany'];
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
  for await (const batch of readLog(path, { validate })) out.push(...batch.filter((e) => e.type === 'britain.resistance-determined'));
  return out;
};

describe('event versions: britain.resistance-determined v1 is read as v2', () => {
  const sp43 = turn('spring', 1943);

  it('59.22F: a v1 line verifies, reads as v2 with the old flag as "at war with Germany" (checked and trusted reads), and replays clean', async () => {
    const path = await v1Log('grand-alliance', [usAtWarStart(), gameTurnEnded(sp43)]);
    expect(await readFile(path, 'utf8')).toContain('"type":"britain.resistance-determined","v":1');
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: 3 });
    for (const validate of [true, false]) {
      const [event] = await resistanceEvents(path, validate);
      expect(event?.v).toBe(2);
      expect(event?.type === 'britain.resistance-determined' && event.data.inputs.atWarWithGermany).toEqual({ us: true, russia: true });
    }
    const engine = await SurrenderEngine.open(await JsonlFileStore.open(path), { checkDecisions: true });
    expect(engine.mismatches).toEqual([]);
    await engine.close();
  });

  it('59.22F: where the old reading differs (the U.S. at war with Italy alone) the replay reports the changed decision', async () => {
    const path = await v1Log('italy-only', [seaLionStart(), declareWar(turn('spring', 1941), 'italy', ['us']), gameTurnEnded(turn('spring', 1941))]);
    const engine = await SurrenderEngine.open(await JsonlFileStore.open(path), { checkDecisions: true });
    expect(engine.mismatches.map((m) => m.message)).toEqual([
      '"britain.resistance-determined" no longer matches the rules at data.inputs.atWarWithGermany.us: the rules give false, the log holds true',
    ]);
    await engine.close();
  });
});
