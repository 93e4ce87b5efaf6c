// 59.65-59.75, 59.66G: the terms' choices are sound and complete over random worlds. Sound: a host that only adds
// what the choices allow, in any order, stopping anywhere, always holds terms the engine accepts. Complete: every
// demand the engine accepts is built, item by item in priority order, from choices listed as allowed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EventData } from '../../events/index.js';
import { decide, type OriginEvent } from '../../src/engine/decide.js';
import { evolve } from '../../src/engine/evolve.js';
import type { GameView } from '../../src/engine/game-view.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import type { GermanTermsChoices } from '../../src/engine/choices/german-terms.js';
import {
  CONCESSION_TABLE,
  IndemnityChoices,
  MINOR_PRIORITY,
  TerritoryKeys,
} from '../../src/rules/british-concession-table.js';
import { TerritoryControls } from '../../src/rules/concessions-input.js';
import { alliedTurnEnded, germanFacts, turn } from '../support/fixtures.js';
import { GAME, play, replay, stored } from '../support/given.js';
import { accept, gameTurnEnded, seaLionStart } from '../support/british-fixtures.js';
import { forcesReported, surrenderFacts } from '../support/italian-fixtures.js';
import { defined } from '../support/defined.js';

const su41 = turn('summer', 1941);
type Demand = EventData<'britain.terms-demanded'>['demand'];
type Terms = { demand: Demand; toItaly: string[] };
type HexControl = EventData<'host.british-hex-control'>;

/** Views awaiting the hex control report at several surrender levels, with Italy at war or surrendered (56.1). */
const prefixes: { view: GameView; length: number }[] = [-2, -4, -11].flatMap((dp) =>
  [false, true].map((italyOut) => {
    const origins: OriginEvent[] = [
      seaLionStart(),
      ...(italyOut ? [alliedTurnEnded(su41, germanFacts(), surrenderFacts(0)), forcesReported(su41)] : []),
      gameTurnEnded(su41, { britishDpLevel: dp }),
    ];
    if (dp > -10) origins.push(accept(su41));
    const log = play(origins);
    const view = replay(log).view(GAME);
    if (view === undefined) throw new Error('no game');
    return { view, length: log.length };
  }),
);

/** The view awaiting terms after the host reports `report`. */
function termsView(prefix: { view: GameView; length: number }, report: HexControl): GameView | null {
  const d = decide(prefix.view, { type: 'host.british-hex-control', data: report });
  if (!d.ok) return null;
  return stored(d.events, GAME, prefix.length + 1).reduce((v, e) => evolve(v, e), prefix.view);
}

const command = (t: Terms): OriginEvent => ({
  type: 'britain.terms-demanded',
  data: { turn: su41, demand: t.demand, toItaly: t.toItaly },
});
const accepted = (view: GameView, t: Terms): boolean => decide(view, command(t)).ok;

function choicesOf(view: GameView, t: Terms): GermanTermsChoices {
  const terms = pendingDecisions(view, command(t)).find((p) => p.decision === 'state-german-terms');
  if (terms?.decision !== 'state-german-terms') throw new Error('no terms pending');
  return terms.choices;
}

/** Every addition the choices allow, as the terms it leads to. */
function additions(c: GermanTermsChoices, t: Terms): Terms[] {
  const d = t.demand;
  const out: Terms[] = [];
  for (const x of c.territories) {
    if (x.take.allowed) out.push({ ...t, demand: { ...d, take: [...d.take, x.key] } });
    if (x.return.allowed) out.push({ ...t, demand: { ...d, return: [...d.return, x.key] } });
  }
  for (const m of c.minors) {
    for (const to of ['neutral', 'axis'] as const) {
      if (m[to].allowed)
        out.push({
          ...t,
          demand: { ...d, minors: [...d.minors.filter((x) => x.name !== m.name), { name: m.name, to }] },
        });
    }
  }
  for (const s of c.indemnity.steps)
    if (s.allowed && s.brps !== d.indemnityBrps) out.push({ ...t, demand: { ...d, indemnityBrps: s.brps } });
  for (const i of c.toItaly) if (i.allowed) out.push({ ...t, toItaly: [...t.toItaly, i.key] });
  return out;
}

const world = fc.record({
  prefix: fc.integer({ min: 0, max: prefixes.length - 1 }),
  territories: fc.tuple(...TerritoryKeys.map(() => fc.constantFrom(...TerritoryControls))),
  minors: fc.uniqueArray(
    fc.record({
      name: fc.constantFrom('greece', 'persia', 'iraq-minor', 'portugal'),
      brps: fc.integer({ min: 0, max: 15 }),
      status: fc.constantFrom('british', 'axis', 'neutral'),
    }),
    { selector: (m) => m.name, maxLength: 3 },
  ),
  originallyBritish: fc.subarray([...TerritoryKeys]),
  axisControls: fc.record({
    london: fc.boolean(),
    birmingham: fc.boolean(),
    manchester: fc.boolean(),
    allOfScotland: fc.boolean(),
  }),
});
type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

function reportOf(w: World): HexControl {
  return {
    turn: su41,
    unsuppliedHexes: [],
    fortificationsEliminated: [],
    territories: Object.fromEntries(
      TerritoryKeys.map((k, i) => [k, w.territories[i] ?? 'british']),
    ) as HexControl['territories'],
    minors: w.minors,
    originallyBritish: w.originallyBritish,
    axisControls: w.axisControls,
  };
}

const empty = (): Terms => ({ demand: { take: [], minors: [], indemnityBrps: 0, return: [] }, toItaly: [] });

describe('59.65-59.75, 59.66G: the German terms menu over random worlds', () => {
  it(
    '59.66, 59.68, 59.73G (soundness): adding only allowed ' +
      'items, in random order, every demand on the way is accepted',
    () => {
      let added = 0;
      fc.assert(
        fc.property(world, fc.array(fc.nat(), { maxLength: 12 }), (w, picks) => {
          const view = termsView(prefixes[w.prefix] ?? defined(prefixes[0], 'the first prefix'), reportOf(w));
          if (view === null) return;
          let terms = empty();
          expect(choicesOf(view, terms).complete).toBe(true); // 59.71: nothing demanded is legal
          for (const pick of picks) {
            const next = additions(choicesOf(view, terms), terms);
            if (next.length === 0) break;
            terms = next[pick % next.length] ?? terms;
            added += 1;
            expect(accepted(view, terms)).toBe(true);
            expect(choicesOf(view, terms).complete).toBe(true);
          }
        }),
        { numRuns: 60, seed: 5966 },
      );
      expect(added).toBeGreaterThan(100);
    },
  );

  it('59.66, 59.72 (completeness): every accepted demand is built from allowed choices, in priority order', () => {
    let built = 0;
    fc.assert(
      fc.property(
        world,
        fc.record({
          take: fc.subarray([...TerritoryKeys]),
          ret: fc.subarray([...TerritoryKeys], { maxLength: 3 }),
          minorTo: fc.array(fc.constantFrom('neutral', 'axis', null)),
          indemnity: fc.constantFrom(...IndemnityChoices),
          italy: fc.boolean(),
          returning: fc.boolean(),
        }),
        (w, r) => {
          const view = termsView(prefixes[w.prefix] ?? defined(prefixes[0], 'the first prefix'), reportOf(w));
          if (view === null) return;
          const report = reportOf(w);
          // Demands shaped to be often legal: the British territories of the lowest priorities, or returns only.
          const take = r.returning ? [] : r.take.filter((k) => report.territories[k] === 'british');
          const minors = w.minors.flatMap((m, i) => {
            const to = r.minorTo[i] ?? null;
            return to === null || (r.returning && to === 'axis') ? [] : [{ name: m.name, to }];
          });
          const demand: Demand = { take, minors, indemnityBrps: r.indemnity, return: r.returning ? r.ret : [] };
          const toItaly = r.italy ? take.filter((k) => CONCESSION_TABLE[k].priority <= 4) : [];
          if (!accepted(view, { demand, toItaly })) return;
          built += 1;
          // Build it: takes and minors by priority, then the indemnity, the returns, the Italian acquisitions.
          const items = [
            ...take.map((k) => ({ p: CONCESSION_TABLE[k].priority, k, m: null })),
            ...minors.map((m) => ({ p: MINOR_PRIORITY, k: null, m })),
          ].sort((a, b) => a.p - b.p);
          let terms = empty();
          const step = (allowed: boolean, next: Terms): void => {
            expect(allowed).toBe(true);
            terms = next;
          };
          for (const item of items) {
            const c = choicesOf(view, terms);
            const d = terms.demand;
            if (item.k !== null)
              step(c.territories.find((x) => x.key === item.k)?.take.allowed ?? false, {
                ...terms,
                demand: { ...d, take: [...d.take, item.k] },
              });
            else if (item.m !== null) {
              const m = item.m;
              step(c.minors.find((x) => x.name === m.name)?.[m.to].allowed ?? false, {
                ...terms,
                demand: { ...d, minors: [...d.minors, m] },
              });
            }
          }
          if (demand.indemnityBrps > 0)
            step(
              choicesOf(view, terms).indemnity.steps.find((s) => s.brps === demand.indemnityBrps)?.allowed ?? false,
              { ...terms, demand: { ...terms.demand, indemnityBrps: demand.indemnityBrps } },
            );
          for (const key of demand.return)
            step(choicesOf(view, terms).territories.find((x) => x.key === key)?.return.allowed ?? false, {
              ...terms,
              demand: { ...terms.demand, return: [...terms.demand.return, key] },
            });
          for (const key of toItaly)
            step(choicesOf(view, terms).toItaly.find((x) => x.key === key)?.allowed ?? false, {
              ...terms,
              toItaly: [...terms.toItaly, key],
            });
          expect(choicesOf(view, terms).complete).toBe(true);
        },
      ),
      { numRuns: 150, seed: 5972 },
    );
    // The property is not vacuous: many random demands were legal and rebuilt.
    expect(built).toBeGreaterThan(30);
  });
});
