// How event types are declared: a name, a schema version, who produces it, its payload schema and
// the rules it records. The registry is the only way a log line becomes a typed event.
import type { Static, TSchema } from '@sinclair/typebox';
import { compile, type Validator } from '../src/schema/validate.js';

/**
 * host: a fact the host engine reports (it knows the map);
 * player: a decision a player makes (accept an offer, select units, demand terms);
 * engine: a rule decision this engine made, with its inputs and itemized breakdown.
 */
export type EventSource = 'host' | 'player' | 'engine';

export interface EventDefinition<T extends string = string, S extends TSchema = TSchema, Src extends EventSource = EventSource> {
  readonly type: T;
  /** Current schema version of the payload; older versions need an upcaster, newer ones are refused. */
  readonly version: number;
  readonly source: Src;
  /** Rule numbers this event records (for the audit and the docs). */
  readonly rules: readonly string[];
  readonly summary: string;
  readonly schema: S;
  readonly data: Validator<Static<S>>;
}

export function defineEvent<const T extends string, S extends TSchema, const Src extends EventSource>(
  type: T,
  spec: { version: number; source: Src; rules: readonly string[]; summary: string; schema: S },
): EventDefinition<T, S, Src> {
  return { type, ...spec, data: compile(spec.schema) };
}

/** A typed event payload by its definition. */
export type EventOf<D> = D extends EventDefinition<infer T, infer S, EventSource> ? { readonly type: T; readonly data: Static<S> } : never;
