// Reading version 1 effects, which stored their words (`text`) instead of params. Each v1 sentence was
// made from a template; the parsers (effects-v1-axis.ts, effects-v1-britain.ts) match those templates, frozen as
// v1 wrote them, so that a v1 log still reads however the words are rendered today. A text none matches is refused.
import type { TSchema } from '@sinclair/typebox';
import { InputError } from '../src/schema/validate.js';
import { effectCodes, isEffectCode, type Effect, type EffectCode, type EffectV1 } from './effects.js';
import type { Parser, V1Parsers } from './effects-v1-patterns.js';
import { axisV1Parsers } from './effects-v1-axis.js';
import { britishV1Parsers } from './effects-v1-britain.js';

/** The v1 template of every code with params, as a parser. */
const parsers: V1Parsers = { ...axisV1Parsers, ...britishV1Parsers };

/** Whether a code has params (and so a v1 parser); the others' words never varied. */
export const hasParams = (code: EffectCode): boolean => {
  const schema: TSchema = effectCodes[code].params;
  const properties: unknown = schema['properties'];
  return typeof properties !== 'object' || properties === null || Object.keys(properties).length > 0;
};

/** One v1 effect as v2: the params parsed back from its text, or the problem, under `path`. */
export function upcastEffect(effect: EffectV1, path: string): Effect | InputError {
  if (!isEffectCode(effect.code)) return new InputError(`${path}.code`, `unknown effect code "${effect.code}"`);
  const code = effect.code;
  if (!hasParams(code)) return { rule: effect.rule, code, params: {} } as Effect;
  const parse = parsers[code] as Parser<EffectCode> | undefined;
  const params = parse === undefined ? null : parse(effect.text);
  if (params === null) {
    if (CODES_AFTER_V1.has(code)) return new InputError(`${path}.code`, `"${code}" is not a version 1 effect code`);
    return new InputError(
      `${path}.text`,
      `the words of a version 1 "${code}" effect do not match its template: ${JSON.stringify(effect.text)}`,
    );
  }
  // The parser for `code` yields the params of `code`.
  return { rule: effect.rule, code, params } as Effect;
}

/** Every v1 effect of an event as v2, or the first problem (its path under `data.effects`). */
export function upcastEffects(effects: readonly EffectV1[], path = 'data.effects'): Effect[] | InputError {
  const out: Effect[] = [];
  for (const [i, effect] of effects.entries()) {
    const next = upcastEffect(effect, `${path}[${i}]`);
    if (next instanceof InputError) return next;
    out.push(next);
  }
  return out;
}

export const v1ParserCodes = (): EffectCode[] => Object.keys(parsers) as EffectCode[];

/** Codes made after v2 replaced v1: a v1 effect never held one, so none has a template (it is refused). */
export const CODES_AFTER_V1: ReadonlySet<EffectCode> = new Set<EffectCode>(['peace-treaty-us-at-war-with-italy-only']);

/** A v1 payload with its effects as v2 (an upcaster's step), or the first effect that cannot be read. */
export function withParams<T extends { readonly effects: readonly EffectV1[] }>(
  v1: T,
): (Omit<T, 'effects'> & { effects: Effect[] }) | InputError {
  const effects = upcastEffects(v1.effects);
  return effects instanceof InputError ? effects : { ...v1, effects };
}
