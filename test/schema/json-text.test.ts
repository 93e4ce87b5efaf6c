// A number of outside JSON text is taken only as it is written (src/schema/json-text.ts, docs/cli.md): one that
// JSON.parse would change is refused at its JSON path, one that it reads as written is taken, whatever its notation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inexactNumber, parseJsonText } from '../../src/schema/json-text.js';
import { InputError } from '../../src/schema/validate.js';

const issueOf = (text: string) => {
  const issue = inexactNumber(text);
  return issue === null ? null : { path: issue.path, detail: issue.detail };
};

describe('numbers of JSON text', () => {
  it('numbers a double holds exactly are taken, in any notation', () => {
    const exact = [
      '0',
      '-1',
      '1.0',
      '1e2',
      '1E+2',
      '0.1',
      '-1.5e-7',
      '0e5',
      '0.000',
      '9007199254740991',
      '9007199254740992',
      '-9007199254740992',
      '18014398509481984',
      '1e21',
      '5e-324',
      '1.7976931348623157e308',
    ];
    for (const number of exact) expect([number, issueOf(`{"n":${number}}`)]).toEqual([number, null]);
    expect(issueOf(JSON.stringify({ a: [1, 2.5, { b: -3 }], c: 'x', d: null, e: true, f: false }))).toBeNull();
  });

  it(
    'integers beyond 2^53 that land on another double, -0, ' +
      'underflow, overflow and excess digits are refused at their path',
    () => {
      expect(issueOf('{"data":{"turn":{"year":1152921504606846977}}}')).toEqual({
        path: 'data.turn.year',
        detail: '1152921504606846977 cannot be represented exactly (beyond 2^53)',
      });
      expect(issueOf('9007199254740993')).toEqual({
        path: '$',
        detail: '9007199254740993 cannot be represented exactly (beyond 2^53)',
      });
      expect(issueOf('[1.152921504606846977e18]')).toEqual({
        path: '[0]',
        detail: '1.152921504606846977e18 cannot be represented exactly (beyond 2^53)',
      });
      expect(issueOf('[0,[1,-0]]')).toEqual({
        path: '[1][1]',
        detail: '-0 cannot be represented exactly (JSON writes it as 0)',
      });
      expect(issueOf('{"x":-0.0e3}')).toEqual({
        path: 'x',
        detail: '-0.0e3 cannot be represented exactly (JSON writes it as 0)',
      });
      expect(issueOf('{"x":1e-400}')).toEqual({
        path: 'x',
        detail: '1e-400 cannot be represented exactly (too small: it would be read as 0)',
      });
      expect(issueOf('{"x":[1E400]}')).toEqual({
        path: 'x[0]',
        detail: '1E400 cannot be represented exactly (too large: beyond the largest number, about 1.8e308)',
      });
      expect(issueOf('{"x":0.30000000000000001}')).toEqual({
        path: 'x',
        detail:
          '0.30000000000000001 cannot be represented exactly ' +
          '(more digits than a number holds: it would be read as 0.3)',
      });
      expect(issueOf(`{"x":1${'0'.repeat(60)}1}`)).toEqual({
        path: 'x',
        detail: `1${'0'.repeat(36)}... cannot be represented exactly (beyond 2^53)`,
      });
    },
  );

  it(
    'strings are skipped whatever they hold (digits, ' +
      'brackets, escaped quotes, backslashes), and keys name the path',
    () => {
      expect(issueOf('{"s":"1e400 \\" 9007199254740993 ]}","n":[1,2,{"k":"]"},9007199254740993]}')).toEqual({
        path: 'n[3]',
        detail: '9007199254740993 cannot be represented exactly (beyond 2^53)',
      });
      expect(issueOf('{"s":"\\\\","t":1e400}')?.path).toBe('t');
      expect(issueOf('{"a b":{"c\\"d":[0,-0]}}')).toEqual({
        path: '["a b"]["c\\"d"][1]',
        detail: '-0 cannot be represented exactly (JSON writes it as 0)',
      });
      expect(issueOf('{"a":{},"b":[],"c":{"d":[[],{}]},"e":-0}')?.path).toBe('e');
    },
  );

  it('parseJsonText: the value JSON.parse gives, a SyntaxError as it throws it, an InputError for a number', () => {
    expect(parseJsonText('{"a":[1,"2"]}')).toEqual({ a: [1, '2'] });
    expect(() => parseJsonText('{"a":')).toThrow(SyntaxError);
    expect(() => parseJsonText('{"a":-0}')).toThrow(
      new InputError('a', '-0 cannot be represented exactly (JSON writes it as 0)'),
    );
  });

  /** The integer JSON writes back for `text` (String of the double JSON.parse reads), in BigInt arithmetic. */
  const writtenBack = (text: string): bigint => {
    const [, sign = '', whole = '', fraction = '', exponent = '0'] =
      /^(-?)(\d+)(?:\.(\d+))?(?:e\+?(\d+))?$/.exec(String(Number(text))) ?? [];
    return BigInt(`${sign}${whole}${fraction}`) * 10n ** BigInt(Number(exponent) - fraction.length);
  };

  it('an integer written in full is refused exactly when JSON would write back another one', () => {
    expect(writtenBack('1152921504606846977')).toBe(1152921504606847000n);
    // 2^60 is a double, but written back as 1152921504606847000: refused too; 2^54 is written back as it is.
    expect(issueOf('[1152921504606846976]')?.detail).toBe(
      '1152921504606846976 cannot be represented exactly (beyond 2^53)',
    );
    expect(issueOf('[18014398509481984]')).toBeNull();
    const powers = fc.integer({ min: 53, max: 80 }).map((p) => 2n ** BigInt(p));
    fc.assert(
      fc.property(fc.oneof(fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }), powers), (integer) => {
        const text = String(integer);
        const same = writtenBack(text) === integer;
        expect(issueOf(`[${text}]`)).toEqual(
          same ? null : { path: '[0]', detail: `${text} cannot be represented exactly (beyond 2^53)` },
        );
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 500) },
    );
  });

  it('every finite double as JSON.stringify writes it, -0 aside, is taken', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (double) => {
        expect(issueOf(JSON.stringify([double]))).toBeNull();
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 500) },
    );
  });
});
