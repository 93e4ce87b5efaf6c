// The pieces every v1 template parser is made of: the captured groups of an anchored pattern, read as numbers,
// lists or one of a fixed set of words (events/effects-v1.ts).
import type { EffectCode, EffectParams } from './effects.js';

/** The v1 template of a code with params, as a parser: its params, or null when the text does not match. */
export type Parser<C extends EffectCode> = (text: string) => EffectParams<C> | null;
/** Parsers by code; a code without params has none. */
export type V1Parsers = { readonly [C in EffectCode]?: Parser<C> };

/** A group that a matched pattern always captures (one it did not capture is a defect of the pattern). */
export const captured = (s: string | undefined): string => {
  if (s === undefined) throw new Error('a v1 pattern matched without a group it always captures');
  return s;
};
export const int = (s: string | undefined): number => Number.parseInt(captured(s), 10);
export const ids = (s: string): string[] => (s === 'none' ? [] : s.split(', '));
export const names = (s: string | undefined): string[] => (captured(s) === '' ? [] : captured(s).split(', '));
/** The groups of an anchored v1 pattern, or null. */
export const groups = (re: RegExp, text: string): (string | undefined)[] | null => re.exec(text)?.slice(1) ?? null;
export const keyOf = <K extends string>(words: Record<K, string>, text: string): K | null =>
  (Object.keys(words) as K[]).find((k) => words[k] === text) ?? null;
/** The key of a captured group that the pattern allows only as one of the words. */
export const capturedKey = <K extends string>(words: Record<K, string>, s: string | undefined): K => {
  const key = keyOf(words, captured(s));
  if (key === null) throw new Error(`a v1 pattern captured ${JSON.stringify(s)}, none of its words`);
  return key;
};
