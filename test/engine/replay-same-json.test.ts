// Replay compares a re-derived decision with the logged one without writing either as JSON (sameJson):
// it must say "same" only when the JSON texts are the same, and it must say so for a decision read back from
// its own JSON (the case of every event of an intact log).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Replayer, sameJson } from '../../src/engine/replay.js';
import type { StoredEvent } from '../../events/index.js';
import { alliedTurnEnded, gameStarted, germanFacts, italianFacts, turn } from '../support/fixtures.js';
import { GAME, play, stored } from '../support/given.js';

/** A value and a slight change of it: one leaf replaced, or keys reordered. */
const nearPair = fc.jsonValue({ maxDepth: 4 }).chain((a) =>
  fc.oneof(
    fc.constant([a, a] as const),
    fc.jsonValue({ maxDepth: 1 }).map((leaf) => [a, replaceFirstLeaf(a, leaf)] as const),
    fc.constant([a, reorder(a)] as const),
  ),
);

function replaceFirstLeaf(value: unknown, leaf: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [leaf] : [replaceFirstLeaf(value[0], leaf), ...value.slice(1)];
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return { x: leaf };
    const [[k, v], ...rest] = entries as [[string, unknown], ...[string, unknown][]];
    return Object.fromEntries([[k, replaceFirstLeaf(v, leaf)], ...rest]);
  }
  return leaf;
}

const reorder = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([k, v]) => [k, reorder(v)]),
      )
    : value;

describe('replay: comparing re-derived decisions', () => {
  it('property: sameJson(a, b) only when JSON.stringify(a) === JSON.stringify(b)', () => {
    fc.assert(
      fc.property(nearPair, ([a, b]) => {
        if (sameJson(a, b)) expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a value read back from its JSON is the same', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (a) => {
        expect(sameJson(a, JSON.parse(JSON.stringify(a)))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('what JSON does not hold exactly is never "same": undefined, NaN, Infinity, class instances', () => {
    expect(sameJson({ a: undefined }, {})).toBe(false);
    expect(sameJson([undefined], [null])).toBe(false);
    expect(sameJson(Number.NaN, null)).toBe(false);
    expect(sameJson(Infinity, Infinity)).toBe(false);
    expect(sameJson(new Date(0), new Date(0))).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
  });

  it('a logged decision changed in one field is still reported, with both JSON texts', () => {
    const log = stored(
      play([gameStarted(), alliedTurnEnded(turn('spring', 1944), germanFacts({ germanDpTotal: 12 }), italianFacts())]),
    );
    const checkedAt = log.findIndex((e) => e.type === 'germany.surrender-checked');
    const checked = log[checkedAt] as Extract<StoredEvent, { type: 'germany.surrender-checked' }>;
    const edited = [...log];
    edited[checkedAt] = { ...checked, data: { ...checked.data, resistance: checked.data.resistance + 1 } };
    const intact = new Replayer({ checkDecisions: true });
    intact.applyAll(log);
    expect(intact.finish()).toEqual([]);
    const replayer = new Replayer({ checkDecisions: true });
    replayer.applyAll(edited);
    expect(replayer.finish()).toEqual([
      {
        seq: checked.seq,
        game: GAME,
        message:
          `"germany.surrender-checked" no longer matches the rules at data.resistance: the rules give ` +
          `${checked.data.resistance}, the log holds ${checked.data.resistance + 1}`,
      },
    ]);
  });
});
