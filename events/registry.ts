// How event types are declared: a name, a schema version, who produces it, its payload schema and
// the rules it records. The registry is the only way a log line becomes a typed event.
import type { Static, TSchema } from '@sinclair/typebox';
import { compile, InputError, type Validator } from '../src/schema/validate.js';

/**
 * host: a fact the host engine reports (it knows the map);
 * player: a decision a player makes (accept an offer, select units, demand terms);
 * engine: a rule decision this engine made, with its inputs and itemized breakdown;
 * store: a record the store writes about the log itself (a repair), part of no game's story.
 */
export type EventSource = 'host' | 'player' | 'engine' | 'store';

/**
 * Reads a payload of version `from` (checked against that version's schema) and returns it as version `from + 1`,
 * or the problem that keeps it from being read (an InputError naming its path under `data`).
 */
export interface Upcaster {
  readonly from: number;
  readonly data: Validator<unknown>;
  readonly up: (data: unknown) => unknown;
}

/** An upcaster from version `from`, whose payloads match `schema`. */
export function defineUpcaster<S extends TSchema>(from: number, schema: S, up: (data: Static<S>) => unknown): Upcaster {
  const data = compile(schema);
  // `up` is only ever given a payload that `data` has checked (or one a verification mark vouches for).
  return { from, data, up: (value) => up(value as Static<S>) };
}

export interface EventDefinition<
  T extends string = string,
  S extends TSchema = TSchema,
  Src extends EventSource = EventSource,
> {
  readonly type: T;
  /** Current schema version of the payload; older versions need an upcaster, newer ones are refused. */
  readonly version: number;
  readonly source: Src;
  /** Rule numbers this event records (for the audit and the docs). */
  readonly rules: readonly string[];
  readonly summary: string;
  readonly schema: S;
  readonly data: Validator<Static<S>>;
  /** One per older version still read, by the version it reads. */
  readonly upcasters: ReadonlyMap<number, Upcaster>;
}

export function defineEvent<const T extends string, S extends TSchema, const Src extends EventSource>(
  type: T,
  spec: {
    version: number;
    source: Src;
    rules: readonly string[];
    summary: string;
    schema: S;
    upcasters?: readonly Upcaster[];
  },
): EventDefinition<T, S, Src> {
  const { upcasters = [], ...rest } = spec;
  return { type, ...rest, data: compile(spec.schema), upcasters: new Map(upcasters.map((u) => [u.from, u])) };
}

/** Whether a payload of version `v` can be read: every step from `v` to the current version has an upcaster. */
export function canUpcast(definition: EventDefinition, v: number): boolean {
  for (let version = v; version < definition.version; version += 1)
    if (!definition.upcasters.has(version)) return false;
  return true;
}

/**
 * A payload of version `v` (canUpcast) as the current version. With `check`, each step's payload is checked against
 * its version's schema first, and the first problem is returned (its path under `data`).
 */
export function upcastData(
  definition: EventDefinition,
  v: number,
  data: unknown,
  check: boolean,
): { readonly data: unknown } | InputError {
  let current = data;
  for (let version = v; version < definition.version; version += 1) {
    const step = definition.upcasters.get(version);
    if (step === undefined) throw new RangeError(`"${definition.type}" has no upcaster from version ${version}`);
    const issue = check ? step.data.firstError(current, 'data') : null;
    if (issue !== null) return issue;
    const next = step.up(current);
    if (next instanceof InputError) return next;
    current = next;
  }
  return { data: current };
}

/** A typed event payload by its definition. */
export type EventOf<D> =
  D extends EventDefinition<infer T, infer S, EventSource> ? { readonly type: T; readonly data: Static<S> } : never;
