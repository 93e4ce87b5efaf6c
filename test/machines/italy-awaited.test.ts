// Rule 56: the decisions the Italian machine's states declare they await, against what the machine takes there:
// every bundled example is played through the machine, and after each event the snapshot is asked with can()
// about a full command of every type a player or the host sends it, as it would answer then.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { eventDefinitions } from '../../events/index.js';
import { awaitingNow, awaitingStates } from '../../machines/awaited.js';
import { italyMachine, italyMachineEvents, type ItalyMachineEvent } from '../../machines/italy.js';
import type { GameTurn } from '../../src/rules/turns.js';
import { observe } from './awaited-support.js';
import { allNodes, at, eventsOf, first } from './support.js';

const EXAMPLES = [
  'conciliation-and-second-surrender',
  'far-east-1941',
  'germany-first-then-italy-1945',
  'italy-1943-germany-1945',
  'rejected-then-forced-1943',
  'sea-lion-1941',
];
const reported = first('italy-1943-germany-1945', 'host.italian-forces-reported');
const selected = first('italy-1943-germany-1945', 'italy.forces-selected');

/**
 * A full command of every type a player or the host sends the machine, answering in `turn` (a selection by each
 * side). A declaration of war is left out: a player declares when the rules allow it, and no state waits for one.
 */
const commands = (turn: GameTurn): ItalyMachineEvent[] => [
  { type: 'host.italian-forces-reported', data: { ...reported, turn } },
  { type: 'italy.forces-selected', data: { ...selected, turn, side: 'axis' } },
  { type: 'italy.forces-selected', data: { ...selected, turn, side: 'allied' } },
];

function played(name: string) {
  let [snapshot] = initialTransition(italyMachine, { atWar: true });
  return eventsOf<ItalyMachineEvent>(name, italyMachineEvents).map((event) => {
    snapshot = transition(italyMachine, snapshot, event)[0];
    return { snapshot, commands: commands(event.data.turn) };
  });
}

const probes = EXAMPLES.flatMap(played);
const seen = observe(italyMachine, probes);

describe('the Italian machine: the decisions its states await', () => {
  it('56: the commands asked about are every command the machine takes but a declaration of war', () => {
    const origins = [...italyMachineEvents].filter((type) =>
      Object.values(eventDefinitions).some((d) => d.type === type && d.source !== 'engine'),
    );
    expect(origins.sort()).toEqual(['host.italian-forces-reported', 'italy.forces-selected', 'war.declared']);
  });

  it(
    '56.31D, 56.311: three states declare a decision: its ' +
      'name, who decides, the rule and the commands that answer it',
    () => {
      expect(
        awaitingStates(italyMachine).map(({ id, awaits }) => [
          id,
          awaits.decision,
          awaits.by,
          awaits.rule,
          awaits.commands,
        ]),
      ).toEqual([
        [
          'italy.surrendered.awaitingForces',
          'report-italian-forces',
          'host',
          '56.31D',
          ['host.italian-forces-reported'],
        ],
        [
          'italy.surrendered.axisSelecting',
          'select-post-surrender-italian-forces',
          'axis',
          '56.311',
          ['italy.forces-selected'],
        ],
        [
          'italy.surrendered.alliedSelecting',
          'select-post-surrender-italian-forces',
          'allied',
          '56.311',
          ['italy.forces-selected'],
        ],
      ]);
    },
  );

  it.each([
    ['56.31D', 'italy.surrendered.awaitingForces', 'the host', [['host.italian-forces-reported']]],
    ['56.311', 'italy.surrendered.axisSelecting', 'the Axis player', [['italy.forces-selected']]],
    ['56.311', 'italy.surrendered.alliedSelecting', 'the Allied player', [['italy.forces-selected']]],
  ])('%s: %s is reached; there %s decides, and the machine takes exactly %j', (_rule, state, _by, lists) => {
    expect(seen.taken[state]).toEqual(lists);
  });

  it(
    '56.311: the side selecting is the one declared: the ' +
      'Axis selection while the Axis player selects, then the Allied',
    () => {
      const sides = probes.flatMap(({ snapshot, commands: [, axis, allied] }) =>
        awaitingNow(snapshot).map((a) => [
          a.awaited.by,
          axis !== undefined && snapshot.can(axis),
          allied !== undefined && snapshot.can(allied),
        ]),
      );
      expect(new Set(sides.map((s) => JSON.stringify(s)))).toEqual(
        new Set([
          JSON.stringify(['host', false, false]),
          JSON.stringify(['axis', true, false]),
          JSON.stringify(['allied', false, true]),
        ]),
      );
    },
  );

  it('56: every command the machine takes is one that an active state declares', () => {
    expect(seen.unclaimed).toEqual([]);
  });

  it('56: the decisions derived from each snapshot are those its declaring states take full commands for', () => {
    expect(seen.disagreements).toEqual([]);
  });

  it('56: a state that declares no decision takes no command of a player or the host', () => {
    expect(seen.quiet).toEqual({ 'italy.atWar': [], 'italy.surrendered.disposing': [], 'italy.done': [] });
  });

  it('55.21: never at war (neverAtWar, in no example), nothing but a declaration of war is taken', () => {
    const [initial] = initialTransition(italyMachine, { atWar: false });
    const placed = observe(italyMachine, [
      {
        snapshot: at(italyMachine, 'neverAtWar', initial.context),
        commands: commands({ season: 'summer', year: 1943 }),
      },
    ]);
    expect(placed.quiet).toEqual({ 'italy.neverAtWar': [] });
  });

  it('56: every state is one of these: declaring, quiet, or left at once (start and routing)', () => {
    const leaves = allNodes(italyMachine)
      .filter((n) => n.type === 'atomic' || n.type === 'final')
      .map((n) => n.id);
    const declaring = awaitingStates(italyMachine).map((d) => d.id);
    const quiet = ['italy.atWar', 'italy.done', 'italy.neverAtWar', 'italy.surrendered.disposing'];
    expect(leaves.sort()).toEqual([...declaring, ...quiet, 'italy.start', 'italy.surrendered.routing'].sort());
  });
});
