// Rule 59: the decisions the British machine's states declare they await, against what the machine takes there:
// every bundled example is played through the machine, and after each event the snapshot is asked with can()
// about a full command of every type a player or the host sends it, as it would answer then.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { eventDefinitions } from '../../events/index.js';
import { awaitingStates } from '../../machines/awaited.js';
import { britainMachine, britainMachineEvents, type BritainMachineEvent } from '../../machines/britain.js';
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
const pool = first('sea-lion-1941', 'host.british-force-pool');
const selected = first('sea-lion-1941', 'britain.forces-selected');
const hexes = first('sea-lion-1941', 'host.british-hex-control');
const demanded = first('sea-lion-1941', 'britain.terms-demanded');
const farEast = first('far-east-1941', 'host.far-east-hex-control');

/**
 * A full command of every type a player or the host sends the machine, answering in `turn` (Japan's both ways).
 * A declaration of war is left out: a player declares when the rules allow it (the declarations menu), and no
 * state waits for one.
 */
const commands = (turn: GameTurn): BritainMachineEvent[] => [
  { type: 'britain.offer-accepted', data: { turn } },
  { type: 'britain.offer-rejected', data: { turn } },
  { type: 'host.british-force-pool', data: { ...pool, turn } },
  { type: 'britain.forces-selected', data: { ...selected, turn } },
  { type: 'host.british-hex-control', data: { ...hexes, turn } },
  { type: 'britain.terms-demanded', data: { ...demanded, turn } },
  { type: 'japan.treaty-decided', data: { turn, adheres: true } },
  { type: 'japan.treaty-decided', data: { turn, adheres: false } },
  { type: 'host.far-east-hex-control', data: { ...farEast, turn } },
];

/** Each snapshot of an example, from the machine's start, with the commands answering in the turn of its last event. */
function played(name: string) {
  let [snapshot] = initialTransition(britainMachine, { atWar: true });
  return eventsOf<BritainMachineEvent>(name, britainMachineEvents).map((event) => {
    snapshot = transition(britainMachine, snapshot, event)[0];
    return { snapshot, commands: commands(event.data.turn) };
  });
}

const probes = EXAMPLES.flatMap(played);
const seen = observe(britainMachine, probes);

describe('the British machine: the decisions its states await', () => {
  it('59: the commands asked about are every command the machine takes but a declaration of war', () => {
    const origins = [...britainMachineEvents].filter((type) =>
      Object.values(eventDefinitions).some((d) => d.type === type && d.source !== 'engine'),
    );
    expect(origins.sort()).toEqual(
      [...new Set(commands({ season: 'spring', year: 1941 }).map((c) => c.type)), 'war.declared'].sort(),
    );
  });

  it('59: seven states declare a decision: its name, who decides, the rule and the commands that answer it', () => {
    expect(
      awaitingStates(britainMachine).map(({ id, awaits }) => [
        id,
        awaits.decision,
        awaits.by,
        awaits.rule,
        awaits.commands,
      ]),
    ).toEqual([
      [
        'britain.offerPending',
        'respond-to-british-offer',
        'germany',
        '59.23',
        ['britain.offer-accepted', 'britain.offer-rejected'],
      ],
      [
        'britain.surrendered.forces.awaitingPool',
        'report-british-force-pool',
        'host',
        '59.513',
        ['host.british-force-pool'],
      ],
      [
        'britain.surrendered.forces.selecting',
        'select-british-force-reductions',
        'britain',
        '59.513A',
        ['britain.forces-selected'],
      ],
      [
        'britain.surrendered.terms.awaitingHexControl',
        'report-british-hex-control',
        'host',
        '59.631',
        ['host.british-hex-control'],
      ],
      ['britain.surrendered.terms.awaitingTerms', 'state-german-terms', 'germany', '59.66', ['britain.terms-demanded']],
      [
        'britain.surrendered.farEast.awaitingJapan',
        'decide-japanese-adherence',
        'japan',
        '59.891C',
        ['japan.treaty-decided'],
      ],
      [
        'britain.surrendered.farEast.awaitingFarEastHexControl',
        'report-far-east-hex-control',
        'host',
        '59.892A',
        ['host.far-east-hex-control'],
      ],
    ]);
  });

  it.each([
    // 59.23: a forced offer (-10 or lower, rejected-then-forced-1943) is only accepted.
    [
      '59.23',
      'britain.offerPending',
      'Germany',
      [['britain.offer-accepted', 'britain.offer-rejected'], ['britain.offer-accepted']],
    ],
    ['59.513', 'britain.surrendered.forces.awaitingPool', 'the host', [['host.british-force-pool']]],
    ['59.513A', 'britain.surrendered.forces.selecting', 'Britain', [['britain.forces-selected']]],
    ['59.631', 'britain.surrendered.terms.awaitingHexControl', 'the host', [['host.british-hex-control']]],
    ['59.66', 'britain.surrendered.terms.awaitingTerms', 'Germany', [['britain.terms-demanded']]],
    ['59.891C', 'britain.surrendered.farEast.awaitingJapan', 'Japan', [['japan.treaty-decided']]],
    ['59.892A', 'britain.surrendered.farEast.awaitingFarEastHexControl', 'the host', [['host.far-east-hex-control']]],
  ])('%s: %s is reached; there %s decides, and the machine takes exactly %j', (_rule, state, _by, lists) => {
    expect(seen.taken[state]).toEqual(lists);
  });

  it('59: every command the machine takes is one that an active state declares', () => {
    expect(seen.unclaimed).toEqual([]);
  });

  it('59: the decisions derived from each snapshot are those its declaring states take full commands for', () => {
    expect(seen.disagreements).toEqual([]);
  });

  it('59: a state that declares no decision takes no command of a player or the host', () => {
    expect(seen.quiet).toEqual({
      'britain.atWar': [],
      'britain.offerAccepted': [],
      'britain.surrendered.forces.waitingForTerms': [],
      'britain.surrendered.forces.reducing': [],
      'britain.surrendered.terms.done': [],
      'britain.surrendered.farEast.settling': [],
      'britain.surrendered.farEast.done': [],
      'britain.atPeace': [],
    });
  });

  it('59.12, 59.51, 59.894: the quiet states no example rests in take no command either', () => {
    const [initial] = initialTransition(britainMachine, { atWar: false });
    // far-east-1941's surrender, at which Japan chooses (59.891C).
    const context =
      probes.find((p) => p.snapshot.matches({ surrendered: { farEast: 'awaitingJapan' } }))?.snapshot.context ??
      initial.context;
    const turn = { season: 'summer', year: 1941 } as const;
    const placed = observe(britainMachine, [
      { snapshot: at(britainMachine, 'notAtWar', initial.context), commands: commands(turn) },
      {
        snapshot: at(
          britainMachine,
          { surrendered: { forces: 'done', terms: 'done', farEast: 'japanDeclined' } },
          context,
        ),
        commands: commands(turn),
      },
    ]);
    expect(placed.quiet).toEqual({
      'britain.notAtWar': [],
      'britain.surrendered.forces.done': [],
      'britain.surrendered.terms.done': [],
      'britain.surrendered.farEast.japanDeclined': [],
    });
  });

  it("59: every state is one of these: declaring, quiet, or left at once (start and each region's deciding)", () => {
    const leaves = allNodes(britainMachine)
      .filter((n) => n.type === 'atomic' || n.type === 'final')
      .map((n) => n.id);
    const declaring = awaitingStates(britainMachine).map((d) => d.id);
    const quiet = [
      ...Object.keys(seen.quiet),
      'britain.notAtWar',
      'britain.surrendered.forces.done',
      'britain.surrendered.farEast.japanDeclined',
    ];
    const transient = [
      'britain.start',
      'britain.surrendered.forces.deciding',
      'britain.surrendered.terms.deciding',
      'britain.surrendered.farEast.deciding',
    ];
    expect(leaves.sort()).toEqual([...declaring, ...quiet, ...transient].sort());
  });
});
