// The event vocabulary: every event type the log may hold, as one discriminated union.
import * as host from './host-facts.js';
import * as german from './german.js';
import * as europe from './europe.js';
import type { EventDefinition, EventOf } from './registry.js';
import type { EnvelopeFields } from './envelope.js';

export const eventDefinitions = {
  [host.gameStarted.type]: host.gameStarted,
  [host.powerSurrendered.type]: host.powerSurrendered,
  [host.dominionSurrendered.type]: host.dominionSurrendered,
  [host.cityFirestormed.type]: host.cityFirestormed,
  [host.atomicAttack.type]: host.atomicAttack,
  [host.hostLogged.type]: host.hostLogged,
  [host.alliedPlayerTurnEnded.type]: host.alliedPlayerTurnEnded,
  [host.warDeclared.type]: host.warDeclared,
  [german.germanSurrenderChecked.type]: german.germanSurrenderChecked,
  [german.germanySurrendered.type]: german.germanySurrendered,
  [europe.europeWarEnded.type]: europe.europeWarEnded,
} as const;

type Definitions = typeof eventDefinitions;
export type EventType = keyof Definitions;

/** A typed event payload: `{ type, data }`, discriminated on `type`. */
export type DomainEvent = { [K in EventType]: EventOf<Definitions[K]> }[EventType];
export type EventData<K extends EventType> = Extract<DomainEvent, { type: K }>['data'];

/** An event as stored in a log: the payload and its envelope. */
export type StoredEvent = DomainEvent & EnvelopeFields;

/** An event about to be appended to a game's log (the store adds the envelope). */
export type NewEvent = DomainEvent & { readonly game: string };

export const definitionOf = (type: string): EventDefinition | undefined =>
  Object.prototype.hasOwnProperty.call(eventDefinitions, type) ? (eventDefinitions as Record<string, EventDefinition>)[type] : undefined;

export * from './envelope.js';
export * from './registry.js';
