// docs/machines.md draws each machine as a Mermaid state diagram, generated from the machine objects: it must be
// current, structurally valid Mermaid, and name every state and event of each machine.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, createMachine, not, setup } from 'xstate';
import { allStates, drawnMachines, machineDiagram, mermaidId, renderMachinesDoc } from '../../src/docs/machines-doc.js';
import { britainMachineEvents, germanyMachineEvents, italyMachineEvents } from '../../machines/index.js';

const doc = readFileSync(new URL('../../docs/machines.md', import.meta.url), 'utf8');

/** The Mermaid blocks of a Markdown text. */
const mermaidBlocks = (text: string): string[] =>
  [...text.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');

interface Scope {
  readonly declared: Set<string>;
  readonly arrows: { from: string; to: string; label: string }[];
}

/**
 * Reads a stateDiagram-v2 block as Mermaid scopes it: a state first named inside a composite state belongs to it, so
 * an arrow must join states already declared in its own composite state (or below it), or it would make new ones.
 */
function readDiagram(block: string): { scopes: Scope[]; problems: string[] } {
  const lines = block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const problems: string[] = [];
  if (lines[0] !== 'stateDiagram-v2') problems.push(`first line: ${lines[0]}`);
  const all: Scope[] = [];
  const stack: Scope[] = [];
  const open = (): Scope => {
    const scope: Scope = { declared: new Set(), arrows: [] };
    all.push(scope);
    stack.push(scope);
    return scope;
  };
  open();
  let inNote = false;
  for (const line of lines.slice(1)) {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      problems.push(`unbalanced: ${line}`);
      break;
    }
    if (inNote) {
      if (line === 'end note') inNote = false;
      continue;
    }
    const state = line.match(/^state "([A-Za-z]+)" as ([A-Za-z_]+)$/);
    const composite = line.match(/^state ([A-Za-z_]+) \{$/);
    const arrowLine = line.match(/^(\[\*\]|[A-Za-z_]+) --> (\[\*\]|[A-Za-z_]+)(?: : (.+))?$/);
    const note = line.match(/^note right of ([A-Za-z_]+)$/);
    if (state) for (const scope of stack) scope.declared.add(state[2] ?? '');
    else if (composite) {
      if (!top.declared.has(composite[1] ?? '')) problems.push(`composite ${composite[1]} not declared in its scope`);
      open();
    } else if (line === '}') stack.pop();
    else if (line === '--') continue;
    else if (arrowLine) {
      const arrow = { from: arrowLine[1] ?? '', to: arrowLine[2] ?? '', label: arrowLine[3] ?? '' };
      for (const end of [arrow.from, arrow.to])
        if (end !== '[*]' && !top.declared.has(end))
          problems.push(`${line}: ${end} is not declared before it in the state the arrow is in`);
      top.arrows.push(arrow);
    } else if (note) {
      if (!top.declared.has(note[1] ?? '')) problems.push(`note on undeclared ${note[1]}`);
      inNote = true;
    } else problems.push(`not Mermaid state syntax: ${line}`);
  }
  if (stack.length !== 1) problems.push(`${stack.length - 1} composite states left open`);
  return { scopes: all, problems };
}

const EVENTS = { germany: germanyMachineEvents, britain: britainMachineEvents, italy: italyMachineEvents } as const;

describe('docs/machines.md', () => {
  it('is the rendering of the current machines (run `npm run docs` after changing a machine)', () => {
    expect(doc).toBe(renderMachinesDoc());
  });

  it('holds one Mermaid diagram per machine, structurally valid: every arrow joins states of its own scope', () => {
    const blocks = mermaidBlocks(doc);
    expect(blocks).toHaveLength(3);
    for (const block of blocks) expect(readDiagram(block).problems).toEqual([]);
  });

  it.each(drawnMachines.map((d) => [d.machine.id, d] as const))(
    '%s: every state is drawn, every event the machine takes labels an arrow or the note',
    (id, { machine }) => {
      const block = machineDiagram(machine);
      const { scopes } = readDiagram(block);
      const declared = new Set(scopes.flatMap((s) => [...s.declared]));
      const states = allStates(machine.root);
      expect(states.length).toBeGreaterThan(1);
      for (const state of states) expect(declared.has(mermaidId(state)), state.id).toBe(true);
      expect(declared.size).toBe(states.length);
      const types = EVENTS[id as keyof typeof EVENTS];
      expect(types.size).toBeGreaterThan(0);
      for (const type of types)
        expect(block, type).toMatch(new RegExp(`(: |in every state: |, )${type.replace(/\./g, '\\.')}( |$|,)`, 'm'));
      // Every final state ends in [*].
      for (const state of states.filter((s) => s.type === 'final'))
        expect(block).toContain(`${mermaidId(state)} --> [*]`);
    },
  );

  it('59.23, 59.32, 59.61, 56.311: the guards and the parallel regions are named as in the code', () => {
    const britain = machineDiagram(drawnMachines[1].machine);
    expect(britain).toContain(
      'offerPending --> atWar : britain.offer-rejected [answeredInOfferTurn and not acceptanceForced]',
    );
    expect(britain).toContain('offerPending --> surrendered : britain.surrendered [acceptanceForced]');
    expect(britain).toContain(
      'surrendered --> atWar : onDone [warContinues]\n  surrendered --> atPeace : onDone [else]',
    );
    expect(britain).toContain(
      'surrendered_forces_waitingForTerms --> surrendered_forces_selecting : [in surrendered.terms.done]',
    );
    expect(britain).toContain(
      '      surrendered_forces_done --> [*]\n    }\n    --\n    state "terms" as surrendered_terms',
    );
    const italy = machineDiagram(drawnMachines[2].machine);
    expect(italy).toContain('    surrendered_axisSelecting --> surrendered_routing : italy.forces-selected [axisSide]');
    // An arrow out of a composite state is written where both its ends are states.
    expect(italy).toContain('\n  surrendered_disposing --> done : italy.forces-disposed\n');
  });

  it(
    'draws a machine it was given, exactly: nesting, ' +
      'parallel regions, guards, eventless and targetless arrows, finals',
    () => {
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
      expect(machineDiagram(machine)).toBe(
        [
          'stateDiagram-v2',
          '  state "a" as a',
          '  state "b" as b',
          '  state b {',
          '    state "x" as b_x',
          '    state b_x {',
          '      state "one" as b_x_one',
          '      state "two" as b_x_two',
          '      [*] --> b_x_one',
          '      b_x_one --> b_x_two : go [ready and not late]',
          '      b_x_two --> [*]',
          '    }',
          '    --',
          '    state "y" as b_y',
          '    state b_y {',
          '      state "one" as b_y_one',
          '      [*] --> b_y_one',
          '      b_y_one --> b_y_one : stay',
          '    }',
          '  }',
          '  state "c" as c',
          '  [*] --> a',
          '  a --> b : [ready]',
          '  a --> c : [else]',
          '  b --> c : onDone',
          '  b_y_one --> c : leave',
          '  c --> [*]',
          '  note right of a',
          '    in every state: ping',
          '  end note',
        ].join('\n'),
      );
      expect(readDiagram(machineDiagram(machine)).problems).toEqual([]);
      expect(machineDiagram(createMachine({ id: 'one', initial: 's', states: { s: {} } }))).toBe(
        'stateDiagram-v2\n  state "s" as s\n  [*] --> s',
      );
    },
  );
});
