// What a machine takes where: each snapshot is asked, with can(), about full commands of every type a player or the
// host sends it, and the answers are set against what its active states declare (machines/awaited.ts).
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { awaitingNow, awaitingStates } from '../../machines/awaited.js';

/** A snapshot and the commands, each as it would answer now, to ask it about. */
export interface Probe {
  readonly snapshot: AnyMachineSnapshot;
  readonly commands: readonly { readonly type: string }[];
}

export interface Observation {
  /** Per declaring state: each distinct list of command types the machine took while it was active. */
  readonly taken: Record<string, string[][]>;
  /**
   * Leaf states visited that declare nothing, with the commands taken while one of them was active and no declaring
   * state named them.
   */
  readonly quiet: Record<string, string[]>;
  /** Commands taken that no active state declares, with the state value taking them. */
  readonly unclaimed: string[];
  /** Snapshots where the derived decisions (awaitingNow) differ from those the full commands give. */
  readonly disagreements: string[];
}

const unique = (types: readonly string[]): string[] => [...new Set(types)];

export function observe(machine: AnyStateMachine, probes: readonly Probe[]): Observation {
  const declared = awaitingStates(machine);
  const taken: Record<string, string[][]> = {};
  const quiet: Record<string, string[]> = {};
  const disagreements: string[] = [];
  const unclaimed: string[] = [];
  for (const { snapshot, commands } of probes) {
    const takes = unique(commands.filter((c) => snapshot.can(c)).map((c) => c.type));
    const active = new Set<string>(snapshot._nodes.map((n) => n.id));
    const here = declared.filter((d) => active.has(d.id));
    const expected: [string, string[]][] = [];
    for (const d of here) {
      const names: readonly string[] = d.awaits.commands;
      const own = takes.filter((t) => names.includes(t));
      const seen = taken[d.id] ?? [];
      taken[d.id] = seen;
      if (!seen.some((s) => s.join() === own.join())) seen.push(own);
      if (own.length > 0) expected.push([d.awaits.decision, own]);
    }
    const claimed = new Set(here.flatMap((d) => d.awaits.commands));
    const stray = takes.filter((t) => !claimed.has(t));
    unclaimed.push(...stray.map((t) => `${JSON.stringify(snapshot.value)}: ${t}`));
    for (const node of snapshot._nodes) {
      if ((node.type === 'atomic' || node.type === 'final') && !here.some((d) => d.id === node.id))
        quiet[node.id] = unique([...(quiet[node.id] ?? []), ...stray]);
    }
    const derived = awaitingNow(snapshot).map((a): [string, string[]] => [a.awaited.decision, [...a.commands]]);
    if (JSON.stringify(derived) !== JSON.stringify(expected))
      disagreements.push(
        `${JSON.stringify(snapshot.value)}: ${JSON.stringify(derived)} vs ${JSON.stringify(expected)}`,
      );
  }
  return { taken, quiet, unclaimed, disagreements };
}
