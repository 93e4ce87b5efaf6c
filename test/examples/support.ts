// Replays a bundled example log and summarizes its decisive rule decisions.
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { Replayer } from '../../src/engine/replay.js';
import { turnName } from '../../src/rules/turns.js';
import { readLog } from '../../src/store/file/verify.js';

export const examplePath = (name: string): string =>
  fileURLToPath(new URL(`../../examples/${name}.jsonl`, import.meta.url));

/** Reads the example with every check (schema, hash chain) and re-derives every rule decision. */
export async function replayExample(name: string): Promise<{ replayer: Replayer; events: StoredEvent[] }> {
  const replayer = new Replayer({ checkDecisions: true });
  const events: StoredEvent[] = [];
  for await (const batch of readLog(examplePath(name), { validate: true })) {
    replayer.applyAll(batch);
    events.push(...batch);
  }
  expect(replayer.finish()).toEqual([]);
  return { replayer, events };
}

function describeEvent(e: StoredEvent): string {
  switch (e.type) {
    case 'britain.surrender-offered':
      return `level ${e.data.resistanceLevel}${e.data.germanyMustAccept ? ', Germany must accept' : ''}`;
    case 'britain.surrendered':
      return `level ${e.data.surrenderLevel}, ${e.data.outcome}, forced ${e.data.forced}`;
    case 'britain.terms-imposed':
      return (
        `${e.data.pointsUsed} of ${e.data.pointsAvailable} points: ${e.data.taken.join(', ')}; indemnity ` +
        `${e.data.indemnityBrps}`
      );
    case 'britain.forces-reduced':
      return (
        `${e.data.selected.aafFactors} AAF, ${e.data.selected.groundNasBrps} BRPs, ` +
        `${e.data.selected.navalFactors} naval`
      );
    case 'britain.war-resumed':
      return e.data.rule;
    case 'japan.treaty-decided':
      return e.data.adheres ? 'adheres' : 'declines';
    case 'britain.far-east-settled':
      return e.data.effects.map((effect) => effect.rule).join(', ');
    case 'war.declared':
      return `${e.data.aggressor}: ${e.data.targets.join(', ')}`;
    case 'italy.surrendered':
      return `level ${e.data.surrenderLevel}, ${e.data.conditions.join(', ')}`;
    case 'italy.forces-selected':
      return e.data.side;
    case 'germany.surrendered':
      return `${e.data.reason}`;
    case 'europe.war-ended':
      return `${e.data.rule}`;
    default:
      return '';
  }
}

/** `[turn, type, summary]` for each event of the given types, in log order. */
export function decisions(events: readonly StoredEvent[], types: readonly string[]): [string, string, string][] {
  return events
    .filter((e) => types.includes(e.type))
    .map((e) => {
      const turn = (e.data as { turn?: { season: 'spring' | 'summer' | 'fall' | 'winter'; year: number } }).turn;
      return [turn === undefined ? '' : turnName(turn), e.type, describeEvent(e)];
    });
}
