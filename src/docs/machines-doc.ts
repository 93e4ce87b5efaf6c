// Renders docs/machines.md: one Mermaid state diagram per machine, walked from the xstate machine objects
// themselves (states, transitions, guards by name, the refusals and the awaited decisions their meta names), so
// the pictures cannot drift from the code (test/docs/machines-doc.test.ts checks the committed file is current;
// `npm run docs` rewrites it).
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { awaitingStates, britainMachine, germanyMachine, italyMachine } from '../../machines/index.js';

/** The machines drawn, with the file each is defined in and the rule it applies. */
export const drawnMachines = [
  { machine: germanyMachine, file: 'machines/germany.ts', title: 'Germany (rule 55)' },
  { machine: britainMachine, file: 'machines/britain.ts', title: 'Britain (rule 59)' },
  { machine: italyMachine, file: 'machines/italy.ts', title: 'Italy (rule 56)' },
] as const;

const DONE = 'xstate.done.state.';

/** A Mermaid state id: unique within the diagram (the node's path; `deciding` recurs in several regions). */
export const mermaidId = (node: AnyStateNode): string => node.path.join('_');

/** A guard as the code names it: `answeredInOfferTurn and not acceptanceForced`, `in surrendered.terms.done`. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const parts = 'guards' in guard && Array.isArray(guard.guards) ? guard.guards.map(guardName) : [];
    if (guard.name === 'not') return `not ${parts.join('')}`;
    if (guard.name === 'and' || guard.name === 'or') return parts.join(` ${guard.name} `);
    if (guard.name === 'stateIn' && 'stateValue' in guard) return `in ${stateValueName(guard.stateValue)}`;
    return guard.name;
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string')
    return guard.type;
  return 'guard';
}

const stateValueName = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
          .map(([k, v]) => `${k}.${stateValueName(v)}`)
          .join(', ')
      : '?';

/** One arrow of the diagram: from a state, on an event (null: eventless), to a state (null: no change of state). */
export interface Arrow {
  readonly from: AnyStateNode;
  readonly event: string | null;
  readonly to: AnyStateNode | null;
  readonly guard: string | null;
}

/** An eventless or `onDone` candidate after guarded ones is taken otherwise: `else`. */
function arrowsOf(node: AnyStateNode, event: string | null, candidates: readonly AnyTransitionDefinition[]): Arrow[] {
  return candidates.flatMap((t, i): Arrow[] => {
    const guard = t.guard === undefined ? (i > 0 ? 'else' : null) : guardName(t.guard);
    const targets: readonly AnyStateNode[] = t.target ?? [];
    return targets.length === 0
      ? [{ from: node, event, to: null, guard }]
      : targets.map((to) => ({ from: node, event, to, guard }));
  });
}

/** Every arrow of a node (its `on`, `onDone` and `always`), in the order the code writes them. */
export function nodeArrows(node: AnyStateNode): Arrow[] {
  const out: Arrow[] = [];
  for (const [event, candidates] of node.transitions)
    out.push(...arrowsOf(node, event.startsWith(DONE) ? 'onDone' : event, candidates));
  out.push(...arrowsOf(node, null, node.always ?? []));
  return out;
}

export const childrenOf = (node: AnyStateNode): AnyStateNode[] =>
  Object.values(node.states as Record<string, AnyStateNode>);

/** Every state node below the root, depth first. */
export const allStates = (node: AnyStateNode): AnyStateNode[] => childrenOf(node).flatMap((c) => [c, ...allStates(c)]);

const label = (a: Arrow): string => {
  const words = [a.event ?? '', a.guard === null ? '' : `[${a.guard}]`].filter((w) => w !== '').join(' ');
  return words === '' ? '' : ` : ${words}`;
};

function arrowLine(a: Arrow): string {
  return `${mermaidId(a.from)} --> ${mermaidId(a.to ?? a.from)}${label(a)}`;
}

/** A state and what is inside it; a parallel state's regions are separated by `--`. */
function block(node: AnyStateNode, indent: string): string[] {
  const children = childrenOf(node);
  const id = mermaidId(node);
  const out = [`${indent}state "${node.key}" as ${id}`];
  if (children.length > 0) {
    out.push(`${indent}state ${id} {`);
    out.push(...inner(node, `${indent}  `));
    out.push(`${indent}}`);
  }
  return out;
}

/** The states inside `node`, the initial and final markers, and the arrows of its children. */
function inner(node: AnyStateNode, indent: string): string[] {
  const children = childrenOf(node);
  const out: string[] = [];
  if (node.type === 'parallel') {
    children.forEach((c, i) => {
      if (i > 0) out.push(`${indent}--`);
      out.push(...block(c, indent));
    });
  } else {
    const initial: readonly AnyStateNode[] = node.initial?.target ?? [];
    for (const c of children) out.push(...block(c, indent));
    for (const t of initial) out.push(`${indent}[*] --> ${mermaidId(t)}`);
  }
  // An arrow is written in the innermost state holding both its ends: Mermaid reads a state named inside
  // a composite state as one of that state's own.
  for (const a of allStates(node).flatMap(nodeArrows)) if (holder(a) === node) out.push(`${indent}${arrowLine(a)}`);
  for (const c of children) if (c.type === 'final') out.push(`${indent}${mermaidId(c)} --> [*]`);
  return out;
}

/** The states holding `node`, the root first. */
const holders = (node: AnyStateNode): AnyStateNode[] =>
  node.parent === undefined ? [] : [...holders(node.parent), node.parent];

/** The innermost state holding both ends of an arrow. */
function holder(a: Arrow): AnyStateNode {
  const from = holders(a.from);
  const to = holders(a.to ?? a.from);
  let i = 0;
  while (i + 1 < from.length && from[i + 1] === to[i + 1]) i += 1;
  return from[i] ?? a.from;
}

/** The Mermaid source of one machine's diagram. The root's own arrows (taken in every state) are a note. */
export function machineDiagram(machine: AnyStateMachine): string {
  const root = machine.root;
  const lines = ['stateDiagram-v2', ...inner(root, '  ')];
  const own = nodeArrows(root);
  const first = childrenOf(root)[0];
  if (own.length > 0 && first !== undefined) {
    const arrows = own.map((a) => `${a.event ?? 'always'}${a.guard === null ? '' : ` [${a.guard}]`}`);
    lines.push(`  note right of ${mermaidId(first)}`, `    in every state: ${arrows.join(', ')}`, '  end note');
  }
  return lines.join('\n');
}

interface RefusalRow {
  readonly state: string;
  readonly event: string;
  readonly refusal: string;
}

/** What each state's meta names for the commands it refuses (machines/refusal.ts reads the deepest). */
function refusalRows(machine: AnyStateMachine): RefusalRow[] {
  return [machine.root, ...allStates(machine.root)].flatMap((node) => {
    const meta: unknown = node.meta;
    if (
      typeof meta !== 'object' ||
      meta === null ||
      !('refusals' in meta) ||
      typeof meta.refusals !== 'object' ||
      meta.refusals === null
    )
      return [];
    const state = node.path.length === 0 ? '(any state)' : node.path.join('.');
    return Object.entries(meta.refusals).map(([event, entry]: [string, unknown]) => ({
      state,
      event,
      refusal:
        typeof entry === 'function'
          ? `${entry.name === event || entry.name === '' ? 'a function' : `\`${entry.name}\``}` +
            ' of the context and the command'
          : typeof entry === 'object' && entry !== null && 'rule' in entry && 'code' in entry
            ? `${String(entry.rule)}, ${String(entry.code)}`
            : '?',
    }));
  });
}

export function renderMachinesDoc(): string {
  const out: string[] = [
    '# The machines',
    '',
    '<!-- Generated by `npm run docs` from the xstate machines in machines/; do not edit by hand. -->',
    '',
    "Each power's phase is one xstate machine (docs/flows.md tells how a surrender plays out in the log). These",
    'diagrams are drawn from the machine objects themselves: an arrow is a transition, labelled with the event',
    'that takes it and its guard in brackets, as named in the code (`else`: taken when the guards before it fail;',
    '`onDone`: every region of a parallel state has reached its final state). An unlabelled arrow is taken at once',
    '(an eventless transition); an arrow back to its own state changes nothing but the context. A command the',
    "active states cannot take is refused with what the deepest state's meta names (the first table under each " +
      'diagram;',
    'machines/refusal.ts). A state that awaits a decision ' +
      'declares it in its meta (the second table; machines/awaited.ts):',
    'it is pending while the state is active and the machine ' +
      'takes one of its commands now, and only those are offered.',
    '',
  ];
  for (const { machine, file, title } of drawnMachines) {
    out.push(`## ${title}: \`${file}\``, '', '```mermaid', machineDiagram(machine), '```', '');
    const rows = refusalRows(machine);
    if (rows.length > 0) {
      out.push(
        '| state | refused command | refusal (rule, code) |',
        '| --- | --- | --- |',
        ...rows.map((r) => `| \`${r.state}\` | \`${r.event}\` | ${r.refusal} |`),
        '',
      );
    }
    const awaiting = awaitingStates(machine);
    if (awaiting.length > 0) {
      out.push('| state | pending decision | by | rule | commands |', '| --- | --- | --- | --- | --- |');
      for (const { id, awaits } of awaiting) {
        const state = id.split('.').slice(1).join('.');
        const commands = awaits.commands.map((c) => `\`${c}\``).join(', ');
        out.push(`| \`${state}\` | \`${awaits.decision}\` | ${awaits.by} | ${awaits.rule} | ${commands} |`);
      }
      out.push('');
    }
  }
  return out.join('\n');
}
