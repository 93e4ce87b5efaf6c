// The event vocabulary: every event type the log may hold, as one discriminated union.
import { hostEvents } from './host-facts.js';
import { germanEvents } from './german.js';
import { europeEvents } from './europe.js';
import { britishEvents } from './british.js';
import { britishReportEvents } from './british-reports.js';
import { italianEvents } from './italian.js';
import { logRecordEvents } from './log-records.js';
import { correctionEvents } from './corrections.js';
import type { EventDefinition, EventOf } from './registry.js';
import type { EnvelopeFields } from './envelope.js';

const allDefinitions = [
  ...hostEvents,
  ...germanEvents,
  ...europeEvents,
  ...britishEvents,
  ...britishReportEvents,
  ...italianEvents,
  ...logRecordEvents,
  ...correctionEvents,
] as const;
type AllDefinitions = (typeof allDefinitions)[number];

/** Every event definition by its type. */
export const eventDefinitions = Object.fromEntries(allDefinitions.map((d) => [d.type, d])) as {
  readonly [D in AllDefinitions as D['type']]: D;
};

export type EventType = AllDefinitions['type'];

/** A typed event payload: `{ type, data }`, discriminated on `type`. */
export type DomainEvent = EventOf<AllDefinitions>;
/** The events a command starts with: host facts and player decisions. Engine events follow from them. */
export type OriginEvent = EventOf<Extract<AllDefinitions, { source: 'host' | 'player' }>>;
/** A command, as the docs call it: the host's report or a player's decision that `execute` takes. */
export type Command = OriginEvent;
export type OriginType = OriginEvent['type'];
export type EventData<K extends EventType> = Extract<DomainEvent, { type: K }>['data'];

/** An event as stored in a log: the payload and its envelope. */
export type StoredEvent = DomainEvent & EnvelopeFields;
export type StoredOf<K extends EventType> = Extract<DomainEvent, { type: K }> & EnvelopeFields;

/**
 * An event about to be appended to a game's log (the store adds the envelope). `commandId`: only on the first event
 * of an append, the origin of a command the host gave an id (docs/log-format.md).
 */
export type NewEvent = DomainEvent & { readonly game: string; readonly commandId?: string };

export const definitionOf = (type: string): EventDefinition | undefined =>
  Object.hasOwn(eventDefinitions, type) ? (eventDefinitions as Record<string, EventDefinition>)[type] : undefined;

/** A host fact or a player decision: what a command may be, and what begins each append of the engine. */
export const isOrigin = (event: { type: string }): boolean => {
  const source = definitionOf(event.type)?.source;
  return source === 'host' || source === 'player';
};

export * from './envelope.js';
export * from './registry.js';
