// Reading the machines' own parts for unit tests: a named guard as a predicate, a snapshot in a named state,
// and events of a type taken from a bundled example log (real payloads).
import type { AnyStateMachine, AnyStateNode, ContextFrom, SnapshotFrom, StateValue } from 'xstate';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EventData, EventType } from '../../events/index.js';

/** The machine's guard `name`, called as xstate calls it. */
export function guard(machine: AnyStateMachine, name: string): (args: { context: unknown; event: unknown }) => boolean {
  const g: unknown = (machine.implementations.guards as Record<string, unknown>)[name];
  if (typeof g !== 'function') throw new Error(`no guard ${name}`);
  return (args) => (g as (a: unknown, p: unknown) => boolean)(args, undefined);
}

export const at = <M extends AnyStateMachine>(
  machine: M,
  value: StateValue,
  context: ContextFrom<M>,
): SnapshotFrom<M> => machine.resolveState({ value, context }) as SnapshotFrom<M>;

/** Every payload of `type` in the example log `name`, in log order. */
export function payloads<K extends EventType>(name: string, type: K): EventData<K>[] {
  const path = fileURLToPath(new URL(`../../examples/${name}.jsonl`, import.meta.url));
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.includes(`"type":"${type}"`))
    .map((l) => (JSON.parse(l) as { data: EventData<K> }).data);
}

export function first<K extends EventType>(name: string, type: K): EventData<K> {
  const data = payloads(name, type)[0];
  if (data === undefined) throw new Error(`${name} holds no ${type}`);
  return data;
}

/** Every event of the example log `name` of a type in `types`, in log order, as the engine sends them to a machine. */
export function eventsOf<E extends { readonly type: string }>(name: string, types: ReadonlySet<string>): E[] {
  const path = fileURLToPath(new URL(`../../examples/${name}.jsonl`, import.meta.url));
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{"seq"'))
    .map((l) => JSON.parse(l) as { type: string; data: unknown })
    .filter((e) => types.has(e.type))
    .map((e) => ({ type: e.type, data: e.data }) as unknown as E);
}

/** Every state node of a machine below its root, in the order the machine writes them. */
export function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const below = (node: AnyStateNode): AnyStateNode[] =>
    Object.values(node.states as Record<string, AnyStateNode>).flatMap((c) => [c, ...below(c)]);
  return below(machine.root);
}
