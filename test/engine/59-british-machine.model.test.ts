// Model-based test of the British surrender machine (59.12-59.87): random sequences of host
// reports and player decisions, legal and illegal, checked against a deliberately simple model.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OriginEvent } from '../../src/engine/decide.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { atWar } from '../../src/engine/wars.js';
import { execute, GAME, liveGame, replay, type LiveGame } from '../support/given.js';
import { turnFrom1941 } from '../support/fixtures.js';
import {
  accept,
  britishPool,
  laterPool,
  declareWar,
  demand,
  gameTurnEnded,
  hexControl,
  rejectOffer,
  reportPool,
  seaLionStart,
  selectForces,
} from '../support/british-fixtures.js';

type Phase = 'atWar' | 'offer' | 'surrendered' | 'atPeace';

interface Model {
  phase: Phase;
  turn: number; // index from Spring 1941
  offerLevel: number | null;
  lastSurrender: { level: number; turn: number; points: number; forgone: number } | null;
  /** 59.871: ground/AAF factors removed so far, unbuilt from then on. */
  removedFactors: number;
  usAtWar: boolean;
  germanDeclared: boolean;
  /** pool: the force pool report (59.513); forces: a selection is still due; termsDone: no terms awaited (59.514E). */
  pending: { pool: boolean; forces: boolean; hex: boolean; terms: boolean; termsDone: boolean };
  surrenderLevels: number[];
  /** Levels the most recent surrender fell below the one before (59.512: what the selection must remove). */
  drop: number;
}

/** Ground and AAF factors among ALL_ELIGIBLE (59.871). */
const REMOVED_FACTORS = britishPool
  .filter((u) => u.nationality === 'british' && (u.kind === 'ground' || u.kind === 'aaf'))
  .reduce((n, u) => n + u.factors, 0);
const ALL_ELIGIBLE = britishPool
  .filter((u) => u.nationality === 'british' && u.kind !== 'strategic-bomber')
  .map((u) => u.id);

/**
 * 59.512, 59.513F: per level, 2 AAF factors, 4 BRPs of ground units or NAS, 10 naval factors. Selecting every
 * eligible unit is legal only when no unit of any kind could be kept back: each kind's requirement is more than
 * its total less its smallest unit. Totals in the fixture: AAF 6 factors (smallest 1), ground and NAS 15 BRPs
 * (smallest 1), naval 24 factors (smallest 1): all must go from a drop of 3, 4 and 3 levels on, so from 4.
 */
const everythingMustGo = (drop: number): boolean => 2 * drop > 6 - 1 && 4 * drop > 15 - 1 && 10 * drop > 24 - 1;

/** Runs a command the way the engine does; returns whether it was accepted. */
const run = (live: LiveGame, origin: OriginEvent): boolean => execute(live, origin).ok;

const anyPending = (m: Model) =>
  m.phase === 'offer' || m.pending.pool || m.pending.forces || m.pending.hex || m.pending.terms;
/** 59.513A, 59.514E: the selection is awaited once the pool is reported and, in a peace, the terms imposed. */
const selecting = (m: Model) => m.pending.forces && !m.pending.pool && m.pending.termsDone;

function settle(m: Model): void {
  if (m.phase === 'surrendered' && !anyPending(m)) m.phase = m.usAtWar ? 'atWar' : 'atPeace';
}

function surrender(m: Model, level: number): void {
  const previous = m.lastSurrender !== null && !m.germanDeclared ? m.lastSurrender.level : 0;
  m.surrenderLevels.push(level);
  m.lastSurrender = { level, turn: m.turn, points: m.usAtWar ? 0 : 2 * (previous - level), forgone: 0 };
  m.germanDeclared = false;
  m.phase = 'surrendered';
  m.drop = previous - level;
  m.pending = {
    pool: previous - level > 0,
    forces: previous - level > 0,
    hex: !m.usAtWar,
    terms: false,
    termsDone: m.usAtWar,
  };
  m.offerLevel = null;
  settle(m);
}

class EndTurn implements fc.Command<Model, LiveGame> {
  constructor(readonly dp: number) {}
  check = () => true;
  run(m: Model, r: LiveGame): void {
    const ok = run(r, gameTurnEnded(turnFrom1941(m.turn + 1), { britishDpLevel: this.dp }));
    expect(ok).toBe(!anyPending(m));
    if (!ok) return;
    m.turn += 1;
    if (m.phase !== 'atWar') return;
    // 59.75A (points forgone at the most recent surrender) and 59.871 (removed units are unbuilt, 59.22E).
    const level =
      this.dp +
      (m.usAtWar ? 1 : 0) -
      Math.floor((m.lastSurrender?.forgone ?? 0) / 2) -
      Math.floor(m.removedFactors / 10);
    const restricting = m.lastSurrender !== null && !m.germanDeclared ? m.lastSurrender.level : null;
    if (level > 0 || (restricting !== null && level >= restricting) || restricting === -10) return;
    if (level <= -10) surrender(m, -10);
    else {
      m.phase = 'offer';
      m.offerLevel = level;
    }
  }
  toString = () => `EndTurn(${this.dp})`;
}

class Answer implements fc.Command<Model, LiveGame> {
  constructor(readonly accepts: boolean) {}
  check = () => true;
  run(m: Model, r: LiveGame): void {
    const ok = run(r, (this.accepts ? accept : rejectOffer)(turnFrom1941(m.turn)));
    expect(ok).toBe(m.phase === 'offer');
    if (!ok || m.offerLevel === null) return;
    if (this.accepts) surrender(m, m.offerLevel);
    else {
      m.phase = 'atWar';
      m.offerLevel = null;
    }
  }
  toString = () => (this.accepts ? 'Accept' : 'Reject');
}

class SelectAll implements fc.Command<Model, LiveGame> {
  check = () => true;
  run(m: Model, r: LiveGame): void {
    // The pool is smaller than any requirement of 2 levels or more, so everything eligible goes (59.513E);
    // for fewer levels the selection is then too large: the model says when it is legal.
    const ok = run(
      r,
      selectForces(
        turnFrom1941(m.turn),
        laterPool(
          ALL_ELIGIBLE.map((id) => ({ id })),
          m.removedFactors / REMOVED_FACTORS,
        ).map((u) => u.id),
      ),
    );
    expect(ok).toBe(selecting(m) && everythingMustGo(m.drop));
    if (ok) {
      m.pending.forces = false;
      m.removedFactors += REMOVED_FACTORS;
      settle(m);
    }
  }
  toString = () => 'SelectAll';
}

class ReportPool implements fc.Command<Model, LiveGame> {
  check = () => true;
  run(m: Model, r: LiveGame): void {
    const ok = run(r, reportPool(turnFrom1941(m.turn), laterPool(britishPool, m.removedFactors / REMOVED_FACTORS)));
    expect(ok).toBe(m.phase === 'surrendered' && m.pending.pool);
    if (ok) m.pending.pool = false;
  }
  toString = () => 'ReportPool';
}

class ReportHex implements fc.Command<Model, LiveGame> {
  check = () => true;
  run(m: Model, r: LiveGame): void {
    const ok = run(r, hexControl(turnFrom1941(m.turn)));
    expect(ok).toBe(m.phase === 'surrendered' && m.pending.hex);
    if (ok) {
      m.pending.hex = false;
      m.pending.terms = true;
    }
  }
  toString = () => 'ReportHex';
}

class ConciliatoryTerms implements fc.Command<Model, LiveGame> {
  check = () => true;
  run(m: Model, r: LiveGame): void {
    const ok = run(r, demand(turnFrom1941(m.turn), {}));
    expect(ok).toBe(m.phase === 'surrendered' && m.pending.terms);
    if (ok) {
      m.pending.terms = false;
      m.pending.termsDone = true;
      // 59.71: nothing taken; Britain had 33 points left (its territories in the fixture, and the indemnity).
      if (m.lastSurrender !== null) m.lastSurrender.forgone = Math.min(m.lastSurrender.points, 33);
      settle(m);
    }
  }
  toString = () => 'ConciliatoryTerms';
}

class UsDeclares implements fc.Command<Model, LiveGame> {
  constructor(readonly usat: number) {}
  check = () => true;
  run(m: Model, r: LiveGame): void {
    const ok = run(r, declareWar(turnFrom1941(m.turn), 'us', ['germany'], this.usat));
    const afterSurrender = m.lastSurrender === null ? Infinity : m.turn - m.lastSurrender.turn;
    const legal =
      !m.usAtWar &&
      !anyPending(m) &&
      (m.phase === 'atWar' || (m.phase === 'atPeace' && afterSurrender >= 2 && this.usat >= 50));
    expect(ok).toBe(legal);
    if (!ok) return;
    m.usAtWar = true;
    if (m.phase === 'atPeace') m.phase = 'atWar';
  }
  toString = () => `UsDeclares(${this.usat})`;
}

class GermanyDeclares implements fc.Command<Model, LiveGame> {
  check = () => true;
  run(m: Model, r: LiveGame): void {
    const ok = run(r, declareWar(turnFrom1941(m.turn), 'germany', ['us']));
    const afterSurrender = m.lastSurrender === null ? Infinity : m.turn - m.lastSurrender.turn;
    expect(ok).toBe(
      !m.usAtWar && !anyPending(m) && (m.phase === 'atWar' || (m.phase === 'atPeace' && afterSurrender >= 2)),
    );
    if (!ok) return;
    m.usAtWar = true;
    if (m.phase === 'atPeace') {
      m.phase = 'atWar';
      m.germanDeclared = true;
    }
  }
  toString = () => 'GermanyDeclares';
}

const commands = [
  fc.integer({ min: -14, max: 3 }).map((dp) => new EndTurn(dp)),
  fc.boolean().map((a) => new Answer(a)),
  fc.constant(new SelectAll()),
  fc.constant(new ReportPool()),
  fc.constant(new ReportHex()),
  fc.constant(new ConciliatoryTerms()),
  fc.integer({ min: 40, max: 60 }).map((u) => new UsDeclares(u)),
  fc.constant(new GermanyDeclares()),
];

/** Event types (and one case) each run's log is counted for; every one must have occurred. */
const REACHED = [
  'britain.surrender-offered',
  'britain.offer-accepted',
  'britain.offer-rejected',
  'britain.surrendered',
  'surrender at -10',
  'host.british-force-pool',
  'britain.forces-selected',
  'britain.forces-reduced',
  'host.british-hex-control',
  'britain.terms-demanded',
  'britain.terms-imposed',
  'britain.war-resumed',
  'war.declared',
];
const reached = new Map<string, number>();

describe('59: model-based test of the British surrender machine', () => {
  it(
    '59.12-59.87: the engine agrees with the model on every ' +
      'command, the invariants hold, and the log replays to the same state',
    () => {
      fc.assert(
        fc.property(fc.commands(commands, { maxCommands: 80, size: 'max' }), (cmds) => {
          const real: LiveGame = liveGame();
          expect(run(real, seaLionStart({ scenario: 'global' }))).toBe(true);
          const model: Model = {
            phase: 'atWar',
            turn: 0,
            offerLevel: null,
            lastSurrender: null,
            removedFactors: 0,
            usAtWar: false,
            germanDeclared: false,
            pending: { pool: false, forces: false, hex: false, terms: false, termsDone: true },
            surrenderLevels: [],
            drop: 0,
          };
          fc.modelRun(
            () => ({ model, real }),
            [
              ...[...cmds].flatMap((c) => [
                c,
                {
                  check: () => true,
                  run: (m: Model, r: LiveGame) => {
                    const view = r.replayer.view(GAME);
                    if (view === undefined) throw new Error('no game');
                    // Invariants: the machine's phase is the model's; Britain is at war with Germany exactly when at
                    // war or offering.
                    const value = view.britain.value;
                    expect(typeof value === 'string' ? value : 'surrendered').toBe(
                      m.phase === 'offer' ? 'offerPending' : m.phase,
                    );
                    expect(atWar(view.world.wars, 'germany', 'britain')).toBe(
                      m.phase === 'atWar' || m.phase === 'offer' || (m.phase === 'surrendered' && m.usAtWar),
                    );
                    // 59.41: no surrender level below -10.
                    for (const s of view.britain.context.surrenders)
                      expect(s.surrender.surrenderLevel).toBeGreaterThanOrEqual(-10);
                    // 59.41: each surrender at the level the model expects (the offer's, or -10 when forced).
                    expect(view.britain.context.surrenders.map((s) => s.surrender.surrenderLevel)).toEqual(
                      m.surrenderLevels,
                    );
                    expect(pendingDecisions(view).length > 0).toBe(anyPending(m));
                  },
                  toString: () => 'invariants',
                } satisfies fc.Command<Model, LiveGame>,
              ]),
            ],
          );
          // The log replays, every rule decision re-derived, to the same state.
          expect(replay(real.log).projection()).toEqual(real.replayer.projection());
          for (const e of real.log) reached.set(e.type, (reached.get(e.type) ?? 0) + 1);
          const forced = real.log.some(
            (e) => e.type === 'britain.surrendered' && JSON.stringify(e.data).includes('"surrenderLevel":-10'),
          );
          if (forced) reached.set('surrender at -10', (reached.get('surrender at -10') ?? 0) + 1);
        }),
        { numRuns: 150 },
      );
      // Reach: what the engine did over all runs, counted in its logs. Each path of the machine was taken.
      for (const type of REACHED) expect(reached.get(type) ?? 0, type).toBeGreaterThan(0);
    },
  );
});
