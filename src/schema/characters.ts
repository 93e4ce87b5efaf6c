// A string limited in characters (Unicode code points), as JSON Schema counts `minLength` and `maxLength` (draft
// 2020-12, 6.3), where TypeBox's compiled check counts UTF-16 code units: a character beyond U+FFFF (an emoji, a
// rare CJK character) counts once here, twice there. The schema is an ordinary string schema (its JSON Schema form
// is unchanged); only its check, compiled through ./open-record.ts, counts characters.
import { Kind, Type, TypeRegistry, type TSchema, type TString } from '@sinclair/typebox';

const CharactersKind = 'AwawCharacters';
const COUNTS_CHARACTERS = Symbol.for('awaw-surrender/counts-characters');

/** The number of code points of a string: its UTF-16 units less one per surrogate pair. */
export function characterCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        i += 1;
      }
    }
  }
  return count;
}

TypeRegistry.Set<TSchema>(CharactersKind, (schema, value) => {
  if (typeof value !== 'string') return false;
  const count = characterCount(value);
  const min = schema['minLength'] as number | undefined;
  const max = schema['maxLength'] as number | undefined;
  return (min === undefined || count >= min) && (max === undefined || count <= max);
});

/** A string of at most `maxLength` characters (code points). */
export const Characters = (options: { readonly maxLength: number; readonly minLength?: number }): TString =>
  Type.String({ ...options, [COUNTS_CHARACTERS]: true });

/** For checking only: a Characters schema as the kind that counts characters; any other schema unchanged. */
export const charactersForChecking = (schema: TSchema): TSchema =>
  (schema as { [COUNTS_CHARACTERS]?: unknown })[COUNTS_CHARACTERS] === true
    ? { ...schema, [Kind]: CharactersKind }
    : schema;
