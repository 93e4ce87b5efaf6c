// A machine as Mermaid state diagrams small enough to read in a page's column: walked from the xstate machine
// object itself (states, transitions, guards by name), one diagram per level. The machine's top level is one
// diagram, each state holding states of its own drawn there as one box (a thick border); then that state's
// states in a diagram of their own, and for a parallel state one diagram per region. An arrow leaving the states
// of a diagram ends at a dashed box, the state outside it that it leads to.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

const DONE = 'xstate.done.state.';

/** A Mermaid state id: unique within the diagram (the node's path; `deciding` recurs in several regions). */
export const mermaidId = (node: AnyStateNode): string => node.path.join('_');

/** A state's path as the code writes it in `stateIn`: `surrendered.terms.done`. */
export const statePath = (node: AnyStateNode): string => node.path.join('.');

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

/** One arrow of the machine: from a state, on an event (null: eventless), to a state (null: no change of state). */
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

/** The arrow's words: its event, then its guard in brackets. */
export const arrowWords = (a: Arrow): string =>
  [a.event ?? '', a.guard === null ? '' : `[${a.guard}]`].filter((w) => w !== '').join(' ');

/** One diagram: the states directly inside `node` (a machine's root, a compound state or a parallel region). */
export interface Diagram {
  readonly node: AnyStateNode;
  readonly source: string;
}

/** `node`'s child that is `state` or holds it; undefined when `state` is not below `node`. */
function childHolding(node: AnyStateNode, state: AnyStateNode): AnyStateNode | undefined {
  let s: AnyStateNode | undefined = state;
  while (s !== undefined && s.parent !== node) s = s.parent;
  return s;
}

const hasChildren = (node: AnyStateNode): boolean => childrenOf(node).length > 0;

/**
 * Each diagram's configuration, ahead of it: rounded corners instead of Mermaid's smooth curves. Mermaid keeps an
 * arrow's label where its layout made room for it only when the drawn path passes through that point; a smooth
 * curve does not, and the label moves to the middle of the path, where the labels of two arrows between the same
 * two states (atWar and offerPending, routing and axisSelecting) land on each other.
 */
export const DIAGRAM_CONFIG = ['---', 'config:', '  flowchart:', '    curve: rounded', '---'] as const;

/** The Mermaid source of the states directly inside `node`, with its machine's arrows as they show there. */
export function levelDiagram(node: AnyStateNode, arrows: readonly Arrow[]): string {
  const children = childrenOf(node);
  const lines = [...DIAGRAM_CONFIG, 'stateDiagram-v2'];
  for (const c of children) lines.push(`  state "${c.key}" as ${mermaidId(c)}`);
  const outside = new Map<string, AnyStateNode>();
  const end = (state: AnyStateNode, child: AnyStateNode | undefined): string => {
    if (child !== undefined) return mermaidId(child);
    outside.set(mermaidId(state), state);
    return `outside_${mermaidId(state)}`;
  };
  const drawn: string[] = [];
  for (const a of arrows) {
    const to = a.to ?? a.from;
    const from = childHolding(node, a.from);
    const target = childHolding(node, to);
    if (from === undefined && target === undefined) continue;
    // An arrow between two states inside one child is drawn in that child's own diagram, unless it is the child's.
    if (from === target && (a.from !== from || to !== target)) continue;
    const words = arrowWords(a);
    drawn.push(`  ${end(a.from, from)} --> ${end(to, target)}${words === '' ? '' : ` : ${words}`}`);
  }
  for (const [id, state] of outside) lines.push(`  state "${statePath(state)}" as outside_${id}`);
  const initial: readonly AnyStateNode[] = node.type === 'parallel' ? [] : (node.initial?.target ?? []);
  for (const t of initial) lines.push(`  [*] --> ${mermaidId(t)}`);
  lines.push(...new Set(drawn));
  for (const c of children) if (c.type === 'final') lines.push(`  ${mermaidId(c)} --> [*]`);
  const compound = children.filter(hasChildren).map(mermaidId);
  if (compound.length > 0) lines.push('  classDef compound stroke-width:3px', `  class ${compound.join(',')} compound`);
  if (outside.size > 0) {
    const ids = [...outside.keys()].map((id) => `outside_${id}`);
    lines.push('  classDef outside stroke-dasharray:5 4,fill:#fff', `  class ${ids.join(',')} outside`);
  }
  return lines.join('\n');
}

/** The nodes drawn as diagrams, top first: the root, then each compound state, a parallel state's regions apart. */
export function diagramNodes(node: AnyStateNode): AnyStateNode[] {
  if (node.type === 'parallel') return childrenOf(node).filter(hasChildren).flatMap(diagramNodes);
  return [node, ...childrenOf(node).filter(hasChildren).flatMap(diagramNodes)];
}

/** Every diagram of a machine. The root's own arrows (taken in every state) are in none: see rootArrows. */
export function machineDiagrams(machine: AnyStateMachine): Diagram[] {
  const arrows = allStates(machine.root).flatMap(nodeArrows);
  return diagramNodes(machine.root).map((node) => ({ node, source: levelDiagram(node, arrows) }));
}

/** The arrows of the machine's root: taken in every state. */
export const rootArrows = (machine: AnyStateMachine): Arrow[] => nodeArrows(machine.root);
