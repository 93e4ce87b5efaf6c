// 59.51 in the engine: the host reports the British force pool, the British player selects units of it
// by id, and the reductions are judged against that recorded pool (59.513E, 59.513F, 59.514E).
import type { DomainEvent, EventData } from '../../../events/index.js';
import type { Effect } from '../../../events/effects.js';
import {
  forceReduction,
  refineForceReduction,
  type ForceReductionResult,
  type ForceUnit,
} from '../../rules/force-reduction.js';
import {
  accept,
  reject,
  rejectContradiction,
  rejectViolations,
  type Decision,
  type OriginDeciders,
} from '../decision.js';
import type { GameView } from '../game-view.js';
import { turnName } from '../../rules/turns.js';
import { currentSurrender, malformed } from './current.js';
import { refuseBy } from '../refuse.js';
import { inputFor, minorUnitsSubjectToElimination, type PoolUnit } from './pool.js';

type Turn = EventData<'britain.forces-selected'>['turn'];

/** britain.forces-reduced for a legal selection: what is removed, and 59.871's unbuilt factors. */
function reducedEvent(
  turn: Turn,
  result: ForceReductionResult,
  units: readonly ForceUnit[],
  selection: readonly string[],
  extra: readonly Effect[],
): DomainEvent {
  const chosen = new Set(selection);
  const removed = units.filter((u) => chosen.has(u.id));
  // 59.871: removed ground and AAF factors are unbuilt in later resistance levels; 59.22E: minor ally and
  // associated minor country units (removable by 59.514E) are not counted among the unbuilt units.
  const unbuiltFactorsAdded = removed
    .filter((u) => (u.kind === 'ground' || u.kind === 'aaf') && u.nationality !== 'minor')
    .reduce((sum, u) => sum + u.factors, 0);
  return {
    type: 'britain.forces-reduced',
    data: {
      turn,
      required: result.required,
      selected: result.selected,
      removed: removed.map((u) => ({ id: u.id, kind: u.kind, factors: u.factors, brps: u.brps })),
      unbuiltFactorsAdded,
      effects: [
        ...extra,
        { rule: '59.513B', code: 'removed-units-count-to-pool-limits', params: {} },
        { rule: '59.871', code: 'removed-units-unbuilt', params: { factors: unbuiltFactorsAdded } },
      ],
    },
  };
}

/** 59.513E and 59.514E, stated in the decision: the cap by the recorded pool, and the minor units it counted. */
function poolEffects(
  view: GameView,
  result: ForceReductionResult,
  pool: readonly PoolUnit[],
  changedMinors: readonly string[],
): Effect[] {
  const effects: Effect[] = [];
  const wanted = currentSurrender(view).requirements;
  const r = result.required;
  if (
    r.aafFactors < wanted.aafFactors ||
    r.groundNasBrps < wanted.groundNasBrps ||
    r.navalFactors < wanted.navalFactors
  ) {
    effects.push({
      rule: '59.513E',
      code: 'requirement-capped-by-pool',
      params: { wanted: { ...wanted }, required: { ...r } },
    });
  }
  if (changedMinors.length > 0) {
    const units = pool.filter((u) => changedMinors.includes(u.id)).map((u) => ({ id: u.id, minor: u.minor ?? null }));
    effects.push({ rule: '59.514E', code: 'minor-units-subject-to-elimination', params: { units } });
  }
  return effects;
}

/** 59.514E: a unit of a minor country carries the country's name, and only such a unit does. */
function minorFieldIssue(units: readonly PoolUnit[]): Decision | null {
  for (const [i, u] of units.entries()) {
    if (u.nationality === 'minor' && u.minor === undefined)
      return malformed(`units[${i}].minor`, 'missing: a minor-country unit names its minor country (59.514E)');
    if (u.nationality !== 'minor' && u.minor !== undefined)
      return malformed(
        `units[${i}].minor`,
        `only minor-country units have it (nationality is ${JSON.stringify(u.nationality)})`,
      );
  }
  return null;
}

/** 59.513B: a unit removed at an earlier surrender left the pool for good; a later report cannot list it. */
function removedEarlier(view: GameView, units: readonly PoolUnit[]): Decision | null {
  const earlier = view.britain.context.surrenders.slice(0, -1);
  for (const [i, u] of units.entries()) {
    const k = earlier.findIndex((r) => r.removedUnits.includes(u.id));
    if (k >= 0) {
      const at = earlier[k]?.surrender.turn;
      const when = at === undefined ? 'an earlier surrender' : `the surrender of ${turnName(at)}`;
      return rejectContradiction(
        '59.513B',
        `data.units[${i}].id`,
        `log:britain.surrenders[${k}].removedUnits`,
        `${JSON.stringify(u.id)} was removed from the British force pool at ${when}`,
      );
    }
  }
  return null;
}

/** 59.513A: the selection names units of the recorded pool, each once. */
export function unknownOrRepeated(
  selection: readonly string[],
  pool: readonly PoolUnit[],
  turn: Turn,
): Decision | null {
  const ids = new Set(pool.map((u) => u.id));
  const seen = new Set<string>();
  for (const [i, id] of selection.entries()) {
    if (!ids.has(id))
      return reject(
        'illegal',
        '59.513A',
        `data.selection[${i}]: unknown unit id ` +
          `${JSON.stringify(id)}: not in the British force pool reported for ${turnName(turn)}`,
      );
    if (seen.has(id))
      return reject('illegal', '59.513A', `data.selection[${i}]: ${JSON.stringify(id)} is selected twice`);
    seen.add(id);
  }
  return null;
}

export const britishForceDeciders: OriginDeciders<'host.british-force-pool' | 'britain.forces-selected'> = {
  'host.british-force-pool': (view, data) => {
    const refused = refuseBy(view.britain, { type: 'host.british-force-pool', data });
    if (refused !== null) return refused;
    const issue = refineForceReduction(inputFor(view, data.units, []));
    if (issue !== null) return malformed(issue.path, issue.detail);
    return (
      minorFieldIssue(data.units) ??
      removedEarlier(view, data.units) ??
      accept([{ type: 'host.british-force-pool', data }])
    );
  },

  'britain.forces-selected': (view, data) => {
    if (data.units !== undefined) {
      return reject(
        'malformed',
        '59.513A',
        'data.units: the host reports the British force pool ' +
          '(host.british-force-pool); the selection names its units by id',
      );
    }
    // 59.513, 59.514E, 59.513A: the British machine takes a selection once the pool is reported (in a peace, after
    // the terms).
    const refusedNow = refuseBy(view.britain, { type: 'britain.forces-selected', data });
    if (refusedNow !== null) return refusedNow;
    const pool = view.britain.context.forcePool;
    if (pool === null) throw new Error('the British machine took a selection with no force pool recorded');
    const refused = unknownOrRepeated(data.selection, pool.units, pool.turn);
    if (refused !== null) return refused;
    const changedMinors = minorUnitsSubjectToElimination(view, pool.units);
    const result = forceReduction(inputFor(view, pool.units, data.selection), {
      minorUnitsWithChangedStatus: changedMinors,
    });
    if (!result.legal) return rejectViolations(result.violations, '59.51', 'the selection does not meet 59.51');
    return accept([
      { type: 'britain.forces-selected', data },
      reducedEvent(data.turn, result, pool.units, data.selection, poolEffects(view, result, pool.units, changedMinors)),
    ]);
  },
};

/**
 * A selection read from a log written before the force pool was reported: its inline units are the pool, as
 * that engine judged them (every minor unit exempt, 59.514E), at any step of the reductions (the British machine
 * takes it: selectionCarriesItsPool). Reached only by replay (decideStored), never by a command (docs/log-format.md).
 */
export function decideInlineSelection(
  view: GameView,
  data: EventData<'britain.forces-selected'>,
  units: readonly ForceUnit[],
): Decision {
  const refused = refuseBy(view.britain, { type: 'britain.forces-selected', data });
  if (refused !== null) return refused;
  const input = inputFor(view, units, data.selection);
  const issue = refineForceReduction(input);
  if (issue !== null) return malformed(issue.path, issue.detail);
  const result = forceReduction(input);
  if (!result.legal) return rejectViolations(result.violations, '59.51', 'the selection does not meet 59.51');
  return accept([
    { type: 'britain.forces-selected', data },
    reducedEvent(data.turn, result, units, data.selection, []),
  ]);
}
