// The size limit of a command (src/engine/json-copy.ts, docs/host-api.md, "The copy of a command") is the length
// of its JSON text as JSON.stringify writes it, exactly: a value fits a budget of that many characters and not one
// fewer, whatever its strings hold (quotes, backslashes, control characters, surrogates paired or alone), and the
// copy is equal.
// (-0 is refused, not copied: JSON writes it as 0; its numbers here are other doubles.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyJson } from '../../src/engine/json-copy.js';

const text = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('"', '\\', '\u0000', '\u001f', '\ud800', '\udfff', '\ud83d\udea2', '__proto__'),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (d === 0 ? 0 : d)),
    fc.boolean(),
    fc.constant(null),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(text, tie('value'), { maxKeys: 4 }),
})).value;

describe('copyJson: the size budget', () => {
  it('a JSON value fits exactly the length of its JSON text: that many characters pass, one fewer is too large', () => {
    fc.assert(
      fc.property(json, (value) => {
        const length = JSON.stringify(value).length;
        const copied = copyJson(value, { maxDepth: 64, maxChars: length });
        expect(copied.ok).toBe(true);
        if (copied.ok) expect(JSON.stringify(copied.value)).toBe(JSON.stringify(value));
        const short = copyJson(value, { maxDepth: 64, maxChars: length - 1 });
        expect(short.ok ? null : short.detail).toBe(
          `too large: more than ${length - 1} characters of JSON text in all`,
        );
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 300) },
    );
  });
});
