// A private copy of a caller's value as plain JSON data, taken once, before anything is decided: the engine
// decides on and writes exactly this copy, so that nothing the caller does afterwards (mutating the object
// while `execute` is pending, a getter that answers differently each time, an inherited `toJSON`, a Proxy)
// can make the log hold other facts than the ones decided on. One pass, without recursion (no stack to
// overflow however deep the value), that also checks that the value is JSON and within the limits.
import { joinPath, memberPath } from '../schema/validate.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface JsonLimits {
  /** Objects and arrays nested in one another, the outermost counted. */
  readonly maxDepth: number;
  /** Characters of the value's JSON text, as JSON.stringify writes it. */
  readonly maxChars: number;
}

/**
 * The limits of a command (docs/host-api.md, "The copy of a command"). Deep enough for any payload the schemas
 * allow with room for a host's own data in `host.logged`; the size keeps every line under the log's 16 MiB limit
 * (docs/log-format.md), as a character takes at most 3 bytes of UTF-8.
 */
export const COMMAND_LIMITS: JsonLimits = { maxDepth: 64, maxChars: 1024 * 1024 };

export type CopyResult =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly path: string; readonly detail: string };

/** An object or array being copied: its members are read one at a time, in JSON.stringify's order. */
interface Frame {
  readonly source: object;
  readonly target: JsonValue[] | { [key: string]: JsonValue };
  /** Its key in the object or array that holds it (null for the value itself): paths are built only for a report. */
  readonly key: Key;
  /** Member names of an object; null for an array, whose members are 0 .. length - 1. */
  readonly keys: readonly string[] | null;
  readonly length: number;
  next: number;
  written: number;
}

type Key = string | number | null;
type Entered = { readonly leaf: JsonValue } | { readonly frame: Frame } | { readonly detail: string };

/**
 * Copies `value` as JSON data: null, booleans, finite numbers, strings, arrays without holes and
 * plain objects (prototype Object.prototype or null), with own enumerable string keys read once each (a
 * getter is called once). Anything else is refused, naming its path: undefined, functions, symbols, BigInt,
 * NaN, Infinity and -0, a circular reference, a sparse array, an instance of a class (Date, Map, ...), a
 * getter or Proxy trap that throws, a value nested or sized beyond `limits`. Never throws.
 */
export function copyJson(value: unknown, limits: JsonLimits = COMMAND_LIMITS): CopyResult {
  const copier = new Copier(limits);
  const stack: Frame[] = [];
  /** The member being read, below the top of the stack. */
  let current: Key = null;
  const refuse = (detail: string): CopyResult => ({ ok: false, path: pathOf(stack, current), detail });
  try {
    const root = copier.enter(value, null, 0);
    if ('detail' in root) return refuse(root.detail);
    if ('leaf' in root) return { ok: true, value: root.leaf };
    stack.push(root.frame);
    for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
      if (top.next >= top.length) {
        copier.leave(top);
        stack.pop();
        continue;
      }
      const index = top.next;
      top.next += 1;
      const key = top.keys === null ? String(index) : (top.keys[index] as string);
      current = top.keys === null ? index : key;
      const member = readMember(top, key);
      if (member === SKIP) continue;
      if (member === HOLE) return refuse('a hole in a sparse array: JSON has no value for it');
      if (!copier.spend((top.written > 0 ? 1 : 0) + (top.keys === null ? 0 : jsonLength(key) + 1)))
        return refuse(copier.tooLarge().detail);
      const entered = copier.enter(member.value, current, stack.length);
      if ('detail' in entered) return refuse(entered.detail);
      const copied = 'leaf' in entered ? entered.leaf : entered.frame.target;
      if (Array.isArray(top.target)) top.target.push(copied);
      // Defined, not assigned: a member named `__proto__` stays a member and never sets the prototype. Every other
      // name is assigned (Object.prototype's other members are writable data, so this makes an own member too).
      else if (key === '__proto__')
        Object.defineProperty(top.target, key, { value: copied, enumerable: true, writable: true, configurable: true });
      else top.target[key] = copied;
      top.written += 1;
      current = null;
      if ('frame' in entered) stack.push(entered.frame);
    }
    return { ok: true, value: root.frame.target };
  } catch (error) {
    // A getter, a Proxy trap or a revoked Proxy threw while the value was read.
    return refuse(`cannot be read (${describeError(error)})`);
  }
}

/** `data.britain.naval[3]`: the path of member `last` of the innermost frame (`$` for the value itself). */
function pathOf(stack: readonly Frame[], last: Key): string {
  let path = '$';
  for (const key of [...stack.map((frame) => frame.key), last]) {
    if (typeof key === 'number') path = joinPath(path, `[${key}]`);
    else if (key !== null) path = memberPath(path, key);
  }
  return path;
}

/** What JSON.stringify escapes (or, for a surrogate, may): a string without any is written as it is, in quotes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** The length of a string's JSON text, as JSON.stringify writes it. */
const jsonLength = (text: string): number => (ESCAPED.test(text) ? JSON.stringify(text).length : text.length + 2);

const SKIP = Symbol('skip');
const HOLE = Symbol('hole');

/** Member `key` of the frame's source, read once: its value, SKIP (not enumerable, as JSON.stringify skips) or HOLE. */
function readMember(frame: Frame, key: string): { readonly value: unknown } | typeof SKIP | typeof HOLE {
  const descriptor = Reflect.getOwnPropertyDescriptor(frame.source, key);
  if (descriptor === undefined) return frame.keys === null ? HOLE : SKIP;
  if (frame.keys !== null && descriptor.enumerable !== true) return SKIP;
  if ('value' in descriptor) return { value: descriptor.value as unknown };
  return {
    value: descriptor.get === undefined ? undefined : (Reflect.apply(descriptor.get, frame.source, []) as unknown),
  };
}

class Copier {
  #budget: number;
  /** The objects being copied, outermost first: meeting one of them again is a cycle. */
  readonly #open = new Set<object>();

  constructor(private readonly limits: JsonLimits) {
    this.#budget = limits.maxChars;
  }

  spend(chars: number): boolean {
    this.#budget -= chars;
    return this.#budget >= 0;
  }

  tooLarge(): { readonly detail: string } {
    return { detail: `too large: more than ${this.limits.maxChars} characters of JSON text in all` };
  }

  /** A leaf copied, a container opened (its members still to read), or why the value is refused. */
  enter(value: unknown, key: Key, depth: number): Entered {
    switch (typeof value) {
      case 'string':
        // The length first: a 20 MB string is refused without writing its JSON text.
        return value.length + 2 <= this.#budget && this.spend(jsonLength(value)) ? { leaf: value } : this.tooLarge();
      case 'number':
        if (!Number.isFinite(value))
          return { detail: `expected a finite number, found ${String(value)} (JSON has no such number)` };
        // JSON writes -0 as 0: the log would hold another number than the one given (src/schema/json-text.ts).
        if (Object.is(value, -0)) return { detail: '-0 cannot be represented exactly (JSON writes it as 0)' };
        return this.spend(JSON.stringify(value).length) ? { leaf: value } : this.tooLarge();
      case 'boolean':
        return this.spend(value ? 4 : 5) ? { leaf: value } : this.tooLarge();
      case 'object':
        if (value === null) return this.spend(4) ? { leaf: null } : this.tooLarge();
        return this.open(value, key, depth);
      default:
        return {
          detail:
            'expected a JSON value, found ' +
            (typeof value === 'function'
              ? 'a function'
              : typeof value === 'undefined'
                ? 'undefined'
                : `a ${typeof value}`),
        };
    }
  }

  leave(frame: Frame): void {
    this.#open.delete(frame.source);
  }

  private open(value: object, key: Key, depth: number): Entered {
    if (this.#open.has(value)) return { detail: 'a circular reference: JSON cannot hold it' };
    if (depth + 1 > this.limits.maxDepth)
      return { detail: `nested deeper than ${this.limits.maxDepth} levels of objects and arrays` };
    if (!this.spend(2)) return this.tooLarge();
    const array = Array.isArray(value);
    const proto: unknown = Reflect.getPrototypeOf(value);
    if (proto !== (array ? Array.prototype : Object.prototype) && (array || proto !== null)) {
      return { detail: `expected plain JSON data, found ${instanceName(proto)}` };
    }
    let frame: Frame;
    if (array) {
      const length: unknown = Reflect.get(value, 'length');
      // Every element takes at least one character: a longer array cannot fit (and is not walked).
      if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0)
        return { detail: 'an array without a valid length' };
      if (length > this.#budget) return this.tooLarge();
      frame = { source: value, target: [], key, keys: null, length, next: 0, written: 0 };
    } else {
      const keys = Reflect.ownKeys(value).filter((key): key is string => typeof key === 'string');
      frame = { source: value, target: {}, key, keys, length: keys.length, next: 0, written: 0 };
    }
    this.#open.add(value);
    return { frame };
  }
}

function instanceName(proto: unknown): string {
  // Only a prototype's own constructor names it: an object made with Object.create(anything) is not an Object.
  const own =
    typeof proto === 'object' && proto !== null ? Reflect.getOwnPropertyDescriptor(proto, 'constructor') : undefined;
  const name: unknown = typeof own?.value === 'function' ? Reflect.get(own.value, 'name') : undefined;
  return typeof name === 'string' && name !== '' ? `an instance of ${name}` : 'an object with another prototype';
}

function describeError(error: unknown): string {
  try {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : `it threw ${typeof error}`;
    return text.length > 200 ? `${text.slice(0, 197)}...` : text;
  } catch {
    return 'it threw';
  }
}
