// Request bodies: JSON only (415 for any other type), read as the bytes that came. Refused with a 400 in the
// server's one error shape: bytes that are not UTF-8 (never decoded as U+FFFD and stored), text that is not JSON,
// a member that would set an object's prototype, and a number JSON.parse would change (src/schema/json-text.ts:
// the command is text here, refused at its path as a malformed command is).
import { isUtf8 } from 'node:buffer';
import { inexactNumber } from '../schema/json-text.js';
import { firstInvalidSequence } from '../schema/utf8.js';
import { joinPath, memberPath } from '../schema/validate.js';
import { refusal, type HttpFailure } from './http-errors.js';
import type { Server } from './types.js';

/** A body refused before any route sees it: the reply it gets. */
export class BodyRefusal extends Error {
  override readonly name = 'BodyRefusal';
  readonly statusCode = 400;
  constructor(readonly failure: HttpFailure) {
    super(failure.body.rejection.message);
  }
}

const refuse = (message: string): BodyRefusal => new BodyRefusal(refusal('bad-request', 'http', message));

/** A member named `__proto__`, or `constructor` holding `prototype`: where it is, or null. */
function poisonedMember(value: unknown, path: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = poisonedMember(item, joinPath(path, `[${i}]`));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, member] of Object.entries(value)) {
    const at = memberPath(path, key);
    if (key === '__proto__') return at;
    if (key === 'constructor' && typeof member === 'object' && member !== null && Object.hasOwn(member, 'prototype'))
      return at;
    const found = poisonedMember(member, at);
    if (found !== null) return found;
  }
  return null;
}

/** The body's value; a BodyRefusal (or, for a number, an InputError) when it is refused. */
export function parseJsonBody(bytes: Buffer): unknown {
  if (bytes.length === 0) throw refuse('$: not JSON: the body is empty');
  if (!isUtf8(bytes)) {
    const offset = firstInvalidSequence(bytes);
    const byte = (bytes[offset] ?? 0).toString(16).padStart(2, '0');
    throw refuse(`$: not valid UTF-8: byte 0x${byte} at offset ${offset}`);
  }
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw refuse(`$: not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Only text that names one is walked.
  const poisoned = text.includes('__proto__') || text.includes('constructor') ? poisonedMember(value, '$') : null;
  if (poisoned !== null) throw refuse(`${poisoned}: a member that would set an object's prototype is not accepted`);
  const issue = inexactNumber(text);
  if (issue !== null) throw issue;
  return value;
}

/** JSON bodies through parseJsonBody; Fastify's own parsers (JSON and text/plain) removed, so anything else is 415. */
export function jsonBodies(app: Server): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(typeof body === 'string' ? Buffer.from(body, 'utf8') : body));
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)), undefined);
    }
  });
}
