// JSON text as outside input: a number is taken only as it is written. JSON.parse turns a number into the
// nearest double without a word, so 1152921504606846977 becomes 1152921504606847000, 1e-400 becomes 0 and -0 is
// later written as 0; a log would then hold facts other than the host's. The check reads the text once, after
// JSON.parse has accepted it, looking only at the numbers (strings are skipped with indexOf).
import { InputError, joinPath, memberPath } from './validate.js';

/** An object or array the scan is inside: for a report, the member being read (an object's key as its text span). */
interface Frame {
  readonly array: boolean;
  index: number;
  keyStart: number;
  keyEnd: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;

/** An integer of at most 15 digits is below 2^53: exact, whatever its value. */
const SHORT_INTEGER = /^-?\d{1,15}$/;

/**
 * The first number of the JSON text (already accepted by JSON.parse) that a JavaScript number does not hold
 * exactly, as an InputError at its JSON path; null when every number is read as written.
 */
export function inexactNumber(text: string): InputError | null {
  const frames: Frame[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const top = frames[frames.length - 1];
      if (expectKey && top !== undefined) {
        top.keyStart = i;
        top.keyEnd = end;
        expectKey = false;
      }
      i = end;
      continue;
    }
    if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end += 1;
      const token = text.slice(i, end);
      const detail = SHORT_INTEGER.test(token) && token !== '-0' ? null : inexact(token);
      if (detail !== null) return new InputError(pathOf(text, frames), detail);
      i = end;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      frames.push({ array: c === 0x5b, index: 0, keyStart: -1, keyEnd: -1 });
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      frames.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      const top = frames[frames.length - 1];
      if (top?.array === true) top.index += 1;
      else expectKey = true;
    }
    i += 1;
  }
  return null;
}

/** JSON.parse, then inexactNumber: a SyntaxError as JSON.parse throws it, or an InputError for a number. */
export function parseJsonText(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  const issue = inexactNumber(text);
  if (issue !== null) throw issue;
  return value;
}

/** The index after the closing quote of the string that opens at `start`: a quote after an even run of backslashes. */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; ; ) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** Digits, `.`, `e`, `E`, `+`, `-`: what a JSON number is made of. */
const isNumberPart = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === MINUS;

/** `naval[3].factors`: where the scan is, `$` at the top. */
function pathOf(text: string, frames: readonly Frame[]): string {
  let path = '';
  for (const frame of frames) {
    if (frame.array) path = joinPath(path, `[${frame.index}]`);
    else path = memberPath(path, JSON.parse(text.slice(frame.keyStart, frame.keyEnd)) as string);
  }
  return path === '' ? '$' : path;
}

/** Why the number `token` is not read as written, or null when it is. */
function inexact(token: string): string | null {
  const value = Number(token);
  const shown = token.length > 40 ? `${token.slice(0, 37)}...` : token;
  const cannot = `${shown} cannot be represented exactly`;
  if (!Number.isFinite(value)) return `${cannot} (too large: beyond the largest number, about 1.8e308)`;
  const written = decimal(token);
  if (value === 0) {
    if (written.digits !== '') return `${cannot} (too small: it would be read as 0)`;
    return written.negative ? `${cannot} (JSON writes it as 0)` : null;
  }
  const read = decimal(String(value));
  if (read.negative === written.negative && read.digits === written.digits && read.point === written.point) return null;
  // An integer beyond 2^53 (in any notation) lands on a neighbouring one; a fraction has more digits than a double.
  if (written.point >= written.digits.length) return `${cannot} (beyond 2^53)`;
  return `${cannot} (more digits than a number holds: it would be read as ${String(value)})`;
}

/** A number's decimal value as 0.DIGITS x 10^point, its digits without leading or trailing zeros ('' for zero). */
function decimal(text: string): { readonly negative: boolean; readonly digits: string; readonly point: number } {
  const negative = text.charCodeAt(0) === MINUS;
  const e = text.search(/[eE]/);
  const mantissa = text.slice(negative ? 1 : 0, e < 0 ? text.length : e);
  const exponent = e < 0 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const whole = dot < 0 ? mantissa : mantissa.slice(0, dot);
  const all = dot < 0 ? mantissa : whole + mantissa.slice(dot + 1);
  let first = 0;
  while (first < all.length && all.charCodeAt(first) === 0x30) first += 1;
  let last = all.length;
  while (last > first && all.charCodeAt(last - 1) === 0x30) last -= 1;
  return { negative, digits: all.slice(first, last), point: whole.length + exponent - first };
}
