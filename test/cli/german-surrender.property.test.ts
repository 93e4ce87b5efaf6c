// `awaw-surrender german-surrender`: properties over any document (docs/cli.md), in-process through runCli +
// memoryIo.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rejected } from '../support/german-cli.js';

describe('german-surrender: properties', () => {
  const valid = fc.record({
    berlin: fc.constantFrom('axis' as const, 'allied' as const, 'atomic' as const),
    germanDpTotal: fc.integer({ min: -40, max: 40 }),
    germanyControlsBerchtesgaden: fc.boolean(),
    germanCitiesFirestormed: fc.nat(20),
    atomicAttacksOnGermany: fc.nat(8),
    allGermanHexesAlliedOrAtomic: fc.boolean(),
  });

  /**
   * Text that JSON.parse refuses: a valid document cut short, with a character dropped or one inserted, or any text at
   * all.
   */
  const notJson = fc
    .oneof(
      fc.tuple(valid, fc.nat()).map(([v, n]) => {
        const text = JSON.stringify(v);
        return text.slice(0, n % text.length);
      }),
      fc.tuple(valid, fc.nat()).map(([v, n]) => {
        const text = JSON.stringify(v);
        const at = n % text.length;
        return text.slice(0, at) + text.slice(at + 1);
      }),
      fc
        .tuple(
          valid,
          fc.nat(),
          fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\n', 'x', '\u2028', '\\', "'", '\u0000'),
        )
        .map(([v, n, c]) => {
          const text = JSON.stringify(v, null, n % 3);
          const at = n % (text.length + 1);
          return text.slice(0, at) + c + text.slice(at);
        }),
      fc.string({ unit: 'binary', maxLength: 60 }),
    )
    .filter((text) => {
      try {
        JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
        return false;
      } catch {
        return true;
      }
    });

  it('text that is not JSON is always exit 2, one stderr line at $, the error document on stdout', async () => {
    await fc.assert(
      fc.asyncProperty(notJson, async (text) => {
        const error = await rejected(text, true);
        expect(error.path).toBe('$');
        expect(error.message).toMatch(/^not valid JSON \(/);
      }),
      { numRuns: 300 },
    );
  });

  /** One fault in an otherwise valid document, and the path it must be reported at. */
  const fault = fc
    .tuple(
      valid,
      fc.constantFrom(
        ...([
          'berlin',
          'germanDpTotal',
          'germanyControlsBerchtesgaden',
          'germanCitiesFirestormed',
          'atomicAttacksOnGermany',
          'allGermanHexesAlliedOrAtomic',
        ] as const),
      ),
    )
    .chain(([v, key]) =>
      fc
        .oneof(
          fc.constant({ kind: 'missing' as const }),
          fc
            .oneof(
              fc.string().filter((s) => !['axis', 'allied', 'atomic'].includes(s)),
              fc.constant(null),
              fc.array(fc.nat(), { maxLength: 2 }),
              fc.double({ noInteger: true }),
              fc.constant({}),
            )
            .map((value) => ({ kind: 'value' as const, value })),
          fc
            .string({ minLength: 1, maxLength: 12 })
            .filter((k) => !(k in v) && k !== '__proto__')
            .map((extra) => ({ kind: 'extra' as const, extra })),
        )
        .map((f) => {
          const doc: Record<string, unknown> = { ...v };
          if (f.kind === 'missing') delete doc[key];
          else if (f.kind === 'value') doc[key] = f.value;
          else doc[f.extra] = true;
          return { doc, path: f.kind === 'extra' ? null : key };
        }),
    );

  it('a valid document with one field missing, mistyped or added is exit 2 naming that field', async () => {
    await fc.assert(
      fc.asyncProperty(fault, async ({ doc, path }) => {
        const error = await rejected(doc);
        if (path !== null) expect(error.path).toBe(path);
        else expect(error.message).toBe('unknown field');
      }),
      { numRuns: 200 },
    );
  });
});
