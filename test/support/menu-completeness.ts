// Completeness of the menus: every command the engine accepts could have been built from the choices it offered.
// A selection is rebuilt pick by pick in the command's own order, each pick offered (`canAdd`) by the menu as the
// picks before it leave it; terms are rebuilt in priority order, each item allowed at its step and offered at the
// value it is worth; an answer is one the menu lists as allowed; a report is one a decision asks for; a
// declaration on one power is one the declarations menu allows. Used by given.ts on every accepted command.
import { expect } from 'vitest';
import type { OriginEvent } from '../../events/index.js';
import { declarationsOf } from '../../src/engine/declarations.js';
import type { GameView } from '../../src/engine/game-view.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { decisionOf } from './pending-of.js';
import { turnIndex } from '../../src/rules/turns.js';

const unitsOffered = (units: readonly { readonly id: string; readonly canAdd: boolean }[], id: string): boolean =>
  units.some((u) => u.id === id && u.canAdd);

type Terms = Extract<OriginEvent, { type: 'britain.terms-demanded' }>;

function termsExpressible(view: GameView, command: Terms): void {
  const { turn, demand, toItaly } = command.data;
  const partial: Terms['data'] = { turn, demand: { take: [], minors: [], indemnityBrps: 0, return: [] }, toItaly: [] };
  const menu = () =>
    decisionOf(view, 'state-german-terms', { type: 'britain.terms-demanded', data: structuredClone(partial) }).choices;
  const first = menu();
  const priority = (key: string): number => first.territories.find((t) => t.key === key)?.priority ?? 0;
  // 59.65: territories and minors (priority 2) in priority order, then the indemnity, returns and Italy's share.
  const steps = [
    ...demand.take.map((key) => ({
      priority: priority(key),
      add: () => partial.demand.take.push(key),
      ok: (c: typeof first) => c.territories.some((t) => t.key === key && t.take.allowed),
    })),
    ...demand.minors.map((m) => ({
      priority: 2,
      add: () => partial.demand.minors.push({ ...m }),
      ok: (c: typeof first) =>
        c.minors.some(
          (n) =>
            n.name === m.name &&
            n[m.to].allowed &&
            n[m.to].value === first.minors.find((f) => f.name === m.name)?.[m.to].value,
        ),
    })),
  ].sort((a, b) => a.priority - b.priority);
  if (demand.indemnityBrps > 0)
    steps.push({
      priority: 9,
      add: () => (partial.demand.indemnityBrps = demand.indemnityBrps),
      ok: (c) => c.indemnity.steps.some((s) => s.brps === demand.indemnityBrps && s.allowed),
    });
  for (const key of demand.return)
    steps.push({
      priority: 10,
      add: () => partial.demand.return.push(key),
      ok: (c) => c.territories.some((t) => t.key === key && t.return.allowed),
    });
  for (const key of toItaly)
    steps.push({
      priority: 11,
      add: () => partial.toItaly.push(key),
      ok: (c) => c.toItaly.some((t) => t.key === key && t.allowed),
    });
  for (const step of steps) {
    expect(step.ok(menu()), `59.66: ${JSON.stringify(partial)} then ${step.add.toString()}`).toBe(true);
    step.add();
  }
  expect(menu().complete).toBe(true);
}

/** Fails unless the accepted `command` was expressible from the menu `view` offered. */
export function expectExpressible(view: GameView | undefined, command: OriginEvent): void {
  if (view === undefined) return;
  switch (command.type) {
    case 'britain.offer-accepted':
    case 'britain.offer-rejected': {
      const { answers } = decisionOf(view, 'respond-to-british-offer').choices;
      expect(answers.some((a) => a.allowed && a.command.type === command.type)).toBe(true);
      return;
    }
    case 'japan.treaty-decided': {
      const { answers } = decisionOf(view, 'decide-japanese-adherence').choices;
      expect(
        answers.some(
          (a) => a.allowed && 'adheres' in a.command.data && a.command.data.adheres === command.data.adheres,
        ),
      ).toBe(true);
      return;
    }
    case 'britain.forces-selected': {
      if (command.data.units !== undefined) return; // only old logs carry the pool inline
      const picks: string[] = [];
      for (const id of command.data.selection) {
        const tried: OriginEvent = { type: command.type, data: { turn: command.data.turn, selection: [...picks] } };
        expect(
          unitsOffered(decisionOf(view, 'select-british-force-reductions', tried).choices.units, id),
          `59.513A: ${id} after ${picks.join(', ')}`,
        ).toBe(true);
        picks.push(id);
      }
      expect(decisionOf(view, 'select-british-force-reductions', command).choices.complete).toBe(true);
      return;
    }
    case 'italy.forces-selected': {
      const { turn, side, selection } = command.data;
      const picked = {
        infantry: [] as string[],
        namedShips: [] as string[],
        cruisers: [] as string[],
        destroyers: [] as string[],
      };
      for (const category of ['infantry', 'namedShips', 'cruisers', 'destroyers'] as const) {
        for (const id of selection[category]) {
          const tried: OriginEvent = { type: command.type, data: { turn, side, selection: structuredClone(picked) } };
          expect(
            unitsOffered(decisionOf(view, 'select-post-surrender-italian-forces', tried).choices.units, id),
            `56.311: ${id}`,
          ).toBe(true);
          picked[category].push(id);
        }
      }
      expect(decisionOf(view, 'select-post-surrender-italian-forces', command).choices.complete).toBe(true);
      return;
    }
    case 'britain.terms-demanded':
      termsExpressible(view, command);
      return;
    case 'host.british-force-pool':
    case 'host.british-hex-control':
    case 'host.far-east-hex-control':
    case 'host.italian-forces-reported': {
      const asked = pendingDecisions(view).some((p) => 'command' in p.choices && p.choices.command === command.type);
      expect(asked, `${command.type}: a report no decision asked for`).toBe(true);
      return;
    }
    case 'war.declared': {
      // The menu lists declarations on one power, in the current turn.
      if (command.data.targets.length !== 1 || turnIndex(command.data.turn) !== view.world.turnIndex) return;
      const [target] = command.data.targets;
      const listed = declarationsOf(view).find((d) => d.aggressor === command.data.aggressor && d.target === target);
      expect(listed?.allowed, `${command.data.aggressor} on ${String(target)}`).toBe(true);
      return;
    }
    default:
      return;
  }
}
