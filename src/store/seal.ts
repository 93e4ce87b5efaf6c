// Turning new events into sealed log lines: shared by the memory and the file store, so that both write
// the same bytes for the same input and envelope source.
import {
  COMMAND_ID_PATTERN,
  COMMAND_ID_REGEXP,
  definitionOf,
  GAME_ID_PATTERN,
  GAME_ID_REGEXP,
  type NewEvent,
  type StoredEvent,
} from '../../events/index.js';
import { InputError, joinPath } from '../schema/validate.js';
import { decodeEventLine, LogError, MAX_LINE_BYTES, sealLine } from './line-format.js';
import type { EnvelopeSource } from './store.js';

/** Where a batch goes: after the event `seq` whose line has hash `hash` (the header's hash when seq is 0). */
export interface ChainTip {
  readonly seq: number;
  readonly hash: string;
}

export interface SealedBatch {
  /** Every line of the batch, each ending in `\n`, to be written in one write. */
  readonly text: string;
  /** The lines as stored, one per event, without their `\n`. */
  readonly lines: readonly string[];
  /** The events as a reader will decode them from the lines. */
  readonly events: readonly StoredEvent[];
  readonly tip: ChainTip;
}

/**
 * Checks what can be checked before the envelope exists: a known type and a payload that matches its
 * definition. A caller's mistake throws an InputError (path like `events[2].data.turn.year`) and writes nothing.
 */
export function checkNewEvents(events: readonly NewEvent[]): void {
  events.forEach((event, index) => {
    const at = `events[${index}]`;
    if (typeof event !== 'object' || event === null) throw new InputError(at, 'expected an event object');
    const type: unknown = (event as { type?: unknown }).type;
    const definition = typeof type === 'string' ? definitionOf(type) : undefined;
    if (definition === undefined) throw new InputError(`${at}.type`, `unknown event type ${JSON.stringify(type)}`);
    const game: unknown = (event as { game?: unknown }).game;
    if (typeof game !== 'string' || !GAME_ID_REGEXP.test(game))
      throw new InputError(`${at}.game`, `expected a string matching ${GAME_ID_PATTERN}`);
    const issue = definition.data.firstError(event.data, `${at}.data`);
    if (issue !== null) throw issue;
    const commandId: unknown = (event as { commandId?: unknown }).commandId;
    if (commandId === undefined) return;
    if (typeof commandId !== 'string' || !COMMAND_ID_REGEXP.test(commandId))
      throw new InputError(`${at}.commandId`, `expected a string matching ${COMMAND_ID_PATTERN}`);
    // A command's events are its origin and the rule decisions after it (./command-events.ts): the id is the origin's.
    if (index > 0)
      throw new InputError(`${at}.commandId`, 'only the first event of an append, its command, carries a command id');
  });
}

/**
 * Builds the envelope of each event (seq, id and time from `source`, v from the registry), seals the lines
 * in a chain after `tip`, and decodes every line back with the full reader checks, so that nothing a reader
 * would refuse is ever written. One `now()` per batch: the events of one append share their time.
 */
export function sealEvents(
  events: readonly NewEvent[],
  tip: ChainTip,
  source: EnvelopeSource,
  options: { readonly checked?: boolean } = {},
): SealedBatch {
  // `checked`: the caller ran checkNewEvents on these very events (each line is still decoded back below).
  if (options.checked !== true) checkNewEvents(events);
  const at = events.length === 0 ? '' : source.now();
  const lines: string[] = [];
  const stored: StoredEvent[] = [];
  let { seq, hash } = tip;
  const ids = new Map<string, number>();
  events.forEach((event, index) => {
    seq += 1;
    const id = source.id(seq);
    // A reader refuses a repeated id (docs/log-format.md): a source that repeats one is a bug, caught here.
    const earlier = ids.get(id);
    if (earlier !== undefined)
      throw new Error(
        `the envelope source gave the id "${id}" to events[${earlier}] and events[${index}]: ids must be unique`,
      );
    ids.set(id, index);
    const definition = definitionOf(event.type);
    if (definition === undefined) throw new InputError(`events[${index}].type`, `unknown event type "${event.type}"`);
    let json: string;
    try {
      // Field order is part of the format: {seq,id,game,type,v,at,commandId?,data} then the hash.
      json = JSON.stringify(
        event.commandId === undefined
          ? { seq, id, game: event.game, type: event.type, v: definition.version, at, data: event.data }
          : {
              seq,
              id,
              game: event.game,
              type: event.type,
              v: definition.version,
              at,
              commandId: event.commandId,
              data: event.data,
            },
      );
    } catch (error) {
      throw new InputError(
        `events[${index}].data`,
        `cannot be written as JSON (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const sealed = sealLine(hash, json);
    if (Buffer.byteLength(sealed.line, 'utf8') > MAX_LINE_BYTES) {
      throw new InputError(`events[${index}]`, `the event line would be longer than ${MAX_LINE_BYTES} bytes`);
    }
    try {
      // The seal was just computed over these very bytes (sealLine): checking it again would hash the line twice.
      stored.push(decodeEventLine(sealed.line, seq + 1, { expectedSeq: seq, sealCheckedElsewhere: true }));
    } catch (error) {
      if (error instanceof LogError)
        throw new InputError(joinPath(`events[${index}]`, error.path === '$' ? '' : error.path), error.detail);
      throw error;
    }
    lines.push(sealed.line);
    hash = sealed.hash;
  });
  return { text: lines.length === 0 ? '' : `${lines.join('\n')}\n`, lines, events: stored, tip: { seq, hash } };
}
