// docs/machines.md draws each machine as Mermaid state diagrams, one per level, generated from the machine objects:
// it must be current, structurally valid Mermaid, and draw every state and name every event of each machine.
// test/browser/machine-diagrams.test.ts renders the diagrams with Mermaid itself.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, createMachine, not, setup } from 'xstate';
import { DIAGRAM_CONFIG, allStates, machineDiagrams, mermaidId, rootArrows } from '../../src/docs/machine-diagram.js';
import { drawnMachines, renderMachinesDoc } from '../../src/docs/machines-doc.js';
import { britainMachineEvents, germanyMachineEvents, italyMachineEvents } from '../../machines/index.js';

const doc = readFileSync(new URL('../../docs/machines.md', import.meta.url), 'utf8');

/** The Mermaid blocks of a Markdown text. */
const mermaidBlocks = (text: string): string[] =>
  [...text.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');

interface Read {
  /** The ids declared, each with its label. */
  readonly declared: Map<string, string>;
  readonly arrows: { from: string; to: string; label: string }[];
  readonly problems: string[];
}

/**
 * Reads a flat stateDiagram-v2 block: its configuration, then states, arrows between declared states (or the
 * initial and final markers) and class lines; no composite state, so no scope in which an arrow could make new ones.
 */
function readDiagram(block: string): Read {
  const lines = block.split('\n').filter((l) => l.trim() !== '');
  const problems: string[] = [];
  const config = lines.slice(0, DIAGRAM_CONFIG.length);
  if (config.join('\n') !== DIAGRAM_CONFIG.join('\n')) problems.push(`configuration: ${config.join(' / ')}`);
  const body = lines.slice(DIAGRAM_CONFIG.length).map((l) => l.trim());
  if (body[0] !== 'stateDiagram-v2') problems.push(`first line: ${body[0]}`);
  const declared = new Map<string, string>();
  const arrows: Read['arrows'] = [];
  for (const line of body.slice(1)) {
    const state = line.match(/^state "([A-Za-z.]+)" as ([A-Za-z_]+)$/);
    const arrow = line.match(/^(\[\*\]|[A-Za-z_]+) --> (\[\*\]|[A-Za-z_]+)(?: : (.+))?$/);
    const classed = line.match(/^class ([A-Za-z_,]+) (compound|outside)$/);
    if (state) declared.set(state[2] ?? '', state[1] ?? '');
    else if (arrow) {
      const a = { from: arrow[1] ?? '', to: arrow[2] ?? '', label: arrow[3] ?? '' };
      for (const end of [a.from, a.to])
        if (end !== '[*]' && !declared.has(end)) problems.push(`${line}: ${end} is not declared before it`);
      arrows.push(a);
    } else if (classed) {
      for (const id of (classed[1] ?? '').split(',')) if (!declared.has(id)) problems.push(`${line}: ${id} undeclared`);
    } else if (!/^classDef (compound|outside) \S[^\n]*$/.test(line)) problems.push(`not Mermaid state syntax: ${line}`);
  }
  return { declared, arrows, problems };
}

const EVENTS = { germany: germanyMachineEvents, britain: britainMachineEvents, italy: italyMachineEvents } as const;

describe('docs/machines.md', () => {
  it('is the rendering of the current machines (run `npm run docs` after changing a machine)', () => {
    expect(doc).toBe(renderMachinesDoc());
  });

  it('holds a diagram per level: Germany one, Britain four (a region each), Italy two; each flat and valid', () => {
    expect(drawnMachines.map((d) => machineDiagrams(d.machine).map((g) => g.node.id))).toEqual([
      ['germany'],
      ['britain', 'britain.surrendered.forces', 'britain.surrendered.terms', 'britain.surrendered.farEast'],
      ['italy', 'italy.surrendered'],
    ]);
    const blocks = mermaidBlocks(doc);
    expect(blocks).toHaveLength(7);
    for (const block of blocks) expect(readDiagram(block).problems).toEqual([]);
  });

  it.each(drawnMachines.map((d) => [d.machine.id, d] as const))(
    '%s: every state is drawn in one diagram, every event the machine takes labels an arrow or is taken everywhere',
    (id, { machine }) => {
      const read = machineDiagrams(machine).map((d) => readDiagram(d.source));
      const drawn = read.flatMap((r) => [...r.declared.keys()].filter((k) => !k.startsWith('outside_')));
      const states = allStates(machine.root).filter((s) => !(s.parent?.type === 'parallel'));
      expect(states.length).toBeGreaterThan(1);
      expect([...drawn].sort()).toEqual(states.map(mermaidId).sort());
      const labels = [...read.flatMap((r) => r.arrows.map((a) => a.label)), ...rootArrows(machine).map((a) => a.event)];
      const types = EVENTS[id as keyof typeof EVENTS];
      expect(types.size).toBeGreaterThan(0);
      for (const type of types)
        expect(
          labels.some((l) => l === type || l?.startsWith(`${type} `)),
          type,
        ).toBe(true);
      // Every final state ends in [*].
      const arrows = read.flatMap((r) => r.arrows);
      for (const state of states.filter((s) => s.type === 'final'))
        expect(arrows).toContainEqual({ from: mermaidId(state), to: '[*]', label: '' });
    },
  );

  it('59.23, 59.32, 59.61, 56.311: guards, parallel regions and arrows taken everywhere as in the code', () => {
    const [britain, forces, terms, farEast] = machineDiagrams(drawnMachines[1].machine).map((d) => d.source);
    expect(britain).toContain(
      'offerPending --> atWar : britain.offer-rejected [answeredInOfferTurn and not acceptanceForced]',
    );
    expect(britain).toContain('offerPending --> surrendered : britain.surrendered [acceptanceForced]');
    expect(britain).toContain(
      'surrendered --> atWar : onDone [warContinues]\n  surrendered --> atPeace : onDone [else]',
    );
    expect(britain).toContain('class surrendered compound');
    expect(forces).toContain(
      'surrendered_forces_waitingForTerms --> surrendered_forces_selecting : [in surrendered.terms.done]',
    );
    expect(terms).toContain(
      'surrendered_terms_awaitingTerms --> surrendered_terms_awaitingTerms : britain.terms-demanded',
    );
    expect(farEast).toContain('[*] --> surrendered_farEast_deciding');
    expect(doc).toContain('In every state the machine takes `britain.resistance-determined` (no change of state).');
    expect(doc).toContain(
      '`surrendered` is parallel: its regions `forces`, `terms`, `farEast` run at once, each drawn below; its ' +
        '`onDone` is taken once every region has reached its final state.',
    );
    expect(doc).toContain('### `surrendered`, region `forces`: the force reductions (59.51)');
    const [italy, surrendered] = machineDiagrams(drawnMachines[2].machine).map((d) => d.source);
    expect(surrendered).toContain(
      'surrendered_axisSelecting --> surrendered_routing : italy.forces-selected [axisSide]',
    );
    // An arrow out of a compound state: from the state in the level above, from the inner one to a dashed box here.
    expect(italy).toContain('\n  surrendered --> done : italy.forces-disposed\n');
    expect(surrendered).toContain('\n  surrendered_disposing --> outside_done : italy.forces-disposed\n');
    expect(surrendered).toContain('\n  state "done" as outside_done\n');
  });

  it('draws a machine it was given, exactly: a level per diagram, regions apart, arrows leaving them, finals', () => {
    const machine = setup({ guards: { ready: () => true, late: () => false } }).createMachine({
      id: 'toy',
      initial: 'a',
      on: { ping: {} },
      states: {
        a: { always: [{ guard: 'ready', target: 'b' }, { target: 'c' }] },
        b: {
          type: 'parallel',
          states: {
            x: {
              initial: 'one',
              states: {
                one: { on: { go: { guard: and(['ready', not('late')]), target: 'two' } } },
                two: { type: 'final' },
              },
            },
            y: { initial: 'one', states: { one: { on: { stay: {}, leave: { target: '#toy.c' } } } } },
          },
          onDone: { target: 'c' },
        },
        c: { type: 'final' },
      },
    });
    const config = DIAGRAM_CONFIG.join('\n');
    expect(machineDiagrams(machine).map((d) => d.source)).toEqual([
      [
        config,
        'stateDiagram-v2',
        '  state "a" as a',
        '  state "b" as b',
        '  state "c" as c',
        '  [*] --> a',
        '  a --> b : [ready]',
        '  a --> c : [else]',
        '  b --> c : onDone',
        '  b --> c : leave',
        '  c --> [*]',
        '  classDef compound stroke-width:3px',
        '  class b compound',
      ].join('\n'),
      [
        config,
        'stateDiagram-v2',
        '  state "one" as b_x_one',
        '  state "two" as b_x_two',
        '  [*] --> b_x_one',
        '  b_x_one --> b_x_two : go [ready and not late]',
        '  b_x_two --> [*]',
      ].join('\n'),
      [
        config,
        'stateDiagram-v2',
        '  state "one" as b_y_one',
        '  state "c" as outside_c',
        '  [*] --> b_y_one',
        '  b_y_one --> b_y_one : stay',
        '  b_y_one --> outside_c : leave',
        '  classDef outside stroke-dasharray:5 4,fill:#fff',
        '  class outside_c outside',
      ].join('\n'),
    ]);
    expect(rootArrows(machine).map((a) => [a.event, a.to])).toEqual([['ping', null]]);
    for (const d of machineDiagrams(machine)) expect(readDiagram(d.source).problems).toEqual([]);
    expect(machineDiagrams(createMachine({ id: 'one', initial: 's', states: { s: {} } })).map((d) => d.source)).toEqual(
      [`${config}\nstateDiagram-v2\n  state "s" as s\n  [*] --> s`],
    );
  });
});
