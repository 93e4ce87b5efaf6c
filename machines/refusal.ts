// What a machine says of an event it cannot take now: each state's meta names the refusal (code, rule and
// reason) for the events it refuses; the deepest active state that names one wins, the root holds the default.
// The deciders ask snapshot.can(event) and, when it is false, refuse with what refusalOf reads here.
import type { AnyMachineSnapshot } from 'xstate';

export type RefusalCode = 'not-pending' | 'illegal' | 'out-of-sequence';

export interface Refusal {
  readonly code: RefusalCode;
  readonly rule: string;
  readonly message: string;
}

/** A fixed refusal, or one read from the machine's context and the refused event. */
export type RefusalEntry<C, Ev> = Refusal | ((context: C, event: Ev) => Refusal);

/** A state's meta: the refusals it names, by event (or command) type. */
export interface RefusalMeta<C, Ev> {
  readonly refusals: Readonly<Partial<Record<string, RefusalEntry<C, Ev>>>>;
}

const isMeta = (meta: unknown): meta is RefusalMeta<unknown, unknown> =>
  typeof meta === 'object' &&
  meta !== null &&
  'refusals' in meta &&
  typeof meta.refusals === 'object' &&
  meta.refusals !== null;

/** The depth of a state node id (`britain.surrendered.forces.selecting` is 3). */
const depth = (id: string): number => id.split('.').length;

/**
 * The refusal the active states name for `type`, whether or not the machine could take it now. Null when no
 * state names one (a defect: the tests check every gated type has a default).
 */
export function namedRefusal<S extends AnyMachineSnapshot>(snapshot: S, type: string, event: unknown): Refusal | null {
  const metas = Object.entries(snapshot.getMeta() as Record<string, unknown>).sort(([a], [b]) => depth(b) - depth(a));
  for (const [, meta] of metas) {
    if (!isMeta(meta)) continue;
    const entry = meta.refusals[type];
    if (entry === undefined) continue;
    return typeof entry === 'function' ? entry(snapshot.context, event) : entry;
  }
  return null;
}

/** Null when the machine takes `event` now; otherwise the refusal its states name for it. */
export function refusalOf<S extends AnyMachineSnapshot>(
  snapshot: S,
  event: { readonly type: string } & Parameters<S['can']>[0],
): Refusal | null {
  if (snapshot.can(event)) return null;
  return (
    namedRefusal(snapshot, event.type, event) ?? {
      code: 'not-pending',
      rule: 'sequence',
      message: `no ${event.type} is awaited now`,
    }
  );
}
