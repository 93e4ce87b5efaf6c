// schemas/pending-decision.json against the decisions the engine really raises: after every event of every example
// game, each pending decision validates with Ajv and with TypeBox.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { pendingDecisions, type PendingDecision } from '../../src/engine/pending.js';
import { Replayer } from '../../src/engine/replay.js';
import { compile } from '../../src/schema/validate.js';
import { PendingDecisionSchema } from '../../src/schemas/pending-decision.js';
import { readLog } from '../../src/store/verify.js';
import { japanChoosesAfterPeace } from '../support/british-fixtures.js';
import { turn } from '../support/fixtures.js';
import { play, viewAfter } from '../support/given.js';
import { ajvErrors } from './support.js';

const dir = fileURLToPath(new URL('../../examples/', import.meta.url));

/** Every pending decision after each event of a log. */
async function pendingThroughout(path: string): Promise<PendingDecision[]> {
  const replayer = new Replayer({ checkDecisions: false });
  const seen: PendingDecision[] = [];
  for await (const batch of readLog(path, { validate: true })) {
    for (const event of batch as StoredEvent[]) {
      replayer.apply(event);
      const view = replayer.games.get(event.game);
      if (view !== undefined) seen.push(...pendingDecisions(view));
    }
  }
  return seen;
}

/** Japan's choice after a peace (59.891C) and, once it adheres, the Far East hex control (59.892A): no example game has them. */
function farEastDecisions(): PendingDecision[] {
  const su41 = turn('summer', 1941);
  const choosing = play(japanChoosesAfterPeace(su41));
  const adhered = play([...japanChoosesAfterPeace(su41), { type: 'japan.treaty-decided', data: { turn: su41, adheres: true } }]);
  return [choosing, adhered].flatMap((log) => {
    const view = viewAfter(log);
    return view === undefined ? [] : pendingDecisions(view);
  });
}

describe('pending decisions against schemas/pending-decision.json', () => {
  it('every decision the example games and the Far East wait for validates, with Ajv and with TypeBox: each kind there is', async () => {
    const typebox = compile(PendingDecisionSchema);
    const kinds = new Set<string>();
    const sources = [
      ...(await Promise.all(readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map(async (file) => ({ file, decisions: await pendingThroughout(`${dir}${file}`) })))),
      { file: 'the Far East', decisions: farEastDecisions() },
    ];
    for (const { file, decisions } of sources) {
      for (const decision of decisions) {
        kinds.add(decision.decision);
        expect(ajvErrors('pending-decision', decision), `${file}: ${decision.decision}`).toBeNull();
        expect(typebox.firstError(decision), `${file}: ${decision.decision}`).toBeNull();
      }
    }
    expect([...kinds].sort()).toEqual(
      (PendingDecisionSchema.anyOf.map((member) => member.properties.decision.const) as string[]).sort(),
    );
    expect(kinds.size).toBe(9);
  });

  it('a decision changed from what the engine raises fails the schema', () => {
    const [decision] = farEastDecisions();
    expect(decision?.decision).toBe('decide-japanese-adherence');
    expect(ajvErrors('pending-decision', { ...decision, rule: '59.891' })).toContain('/rule: must be equal to constant');
    expect(ajvErrors('pending-decision', { ...decision, turn: { year: 1941 } })).toContain("/turn: must have required property 'season'");
  });
});
