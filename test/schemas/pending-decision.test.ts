// schemas/pending-decision.json against the decisions the engine really raises: after every event of every example
// game, each pending decision validates with Ajv (as delivered, with its words) and with TypeBox; and every
// decision exec delivers while the example games are played through it validates with Ajv.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { isOrigin } from '../../src/engine/decide.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { pendingDecisions, type PendingDecision } from '../../src/engine/pending.js';
import { withDescription } from '../../src/engine/pending-text.js';
import { handleRequest } from '../../src/host-protocol/handle.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { Replayer } from '../../src/engine/replay.js';
import { compile } from '../../src/schema/validate.js';
import { PendingDecisionSchema } from '../../src/schemas/pending-decision.js';
import { readLog } from '../../src/store/file/verify.js';
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

describe('pending decisions against schemas/pending-decision.json', () => {
  it('every decision the example games wait for validates, with Ajv and with TypeBox: each kind there is', async () => {
    const typebox = compile(PendingDecisionSchema);
    const kinds = new Set<string>();
    const sources = await Promise.all(
      readdirSync(dir)
        .filter((f) => f.endsWith('.jsonl'))
        .map(async (file) => ({ file, decisions: await pendingThroughout(`${dir}${file}`) })),
    );
    for (const { file, decisions } of sources) {
      for (const decision of decisions) {
        kinds.add(decision.decision);
        expect(ajvErrors('pending-decision', withDescription(decision)), `${file}: ${decision.decision}`).toBeNull();
        expect(typebox.firstError(decision), `${file}: ${decision.decision}`).toBeNull();
      }
    }
    expect([...kinds].sort()).toEqual(
      (PendingDecisionSchema.anyOf.map((member) => member.properties.decision.const) as string[]).sort(),
    );
    expect(kinds.size).toBe(9);
  });

  it('a decision changed from what the engine raises fails the schema', async () => {
    // 59.891C: Japan's choice in far-east-1941, at war with Britain alone when Britain makes peace.
    const decision = (await pendingThroughout(`${dir}far-east-1941.jsonl`)).find(
      (d) => d.decision === 'decide-japanese-adherence',
    );
    expect(decision?.decision).toBe('decide-japanese-adherence');
    const delivered = decision === undefined ? undefined : withDescription(decision);
    expect(ajvErrors('pending-decision', { ...delivered, rule: '59.891' })).toContain(
      '/rule: must be equal to constant',
    );
    expect(ajvErrors('pending-decision', { ...delivered, turn: { year: 1941 } })).toContain(
      "/turn: must have required property 'season'",
    );
    expect(ajvErrors('pending-decision', decision)).toContain(": must have required property 'description'");
    expect(ajvErrors('pending-decision', { ...delivered, description: 7 })).toContain('/description: must be string');
  });

  it(
    'every pending decision exec delivers (execute, preview and pending) while it plays each example game ' +
      'validates, its description included',
    async () => {
      const kinds = new Set<string>();
      let checked = 0;
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
        const store = new MemoryEventStore();
        const engine = await SurrenderEngine.open(store);
        const context = { engine, store };
        const lines = readFileSync(`${dir}${file}`, 'utf8')
          .trimEnd()
          .split('\n')
          .slice(1)
          .map((line) => JSON.parse(line) as StoredEvent);
        for (const { game, type, data } of lines.filter((event) => isOrigin(event))) {
          const command = { type, data };
          const answers = [
            await handleRequest({ op: 'preview', game, command }, context),
            await handleRequest({ op: 'execute', game, command }, context),
            await handleRequest({ op: 'pending', game }, context),
          ];
          for (const answer of answers) {
            if (!answer.ok || !('pending' in answer)) throw new Error(`${file}: ${type} refused`);
            for (const decision of answer.pending) {
              kinds.add(decision.decision);
              checked += 1;
              expect(ajvErrors('pending-decision', decision), `${file}: ${type}: ${decision.decision}`).toBeNull();
            }
          }
        }
        await engine.close();
      }
      expect(checked).toBeGreaterThan(60);
      expect([...kinds].sort()).toEqual([
        'decide-japanese-adherence',
        'report-british-force-pool',
        'report-british-hex-control',
        'report-far-east-hex-control',
        'report-italian-forces',
        'respond-to-british-offer',
        'select-british-force-reductions',
        'select-post-surrender-italian-forces',
        'state-german-terms',
      ]);
    },
  );
});
