// Values a hostile or careless host may hand the host API where JSON data belongs, each with what the engine
// answers when it finds one as `data.data.x` of a `host.logged` command (a free-form record: only the copy
// of the command refuses them). Used by test/engine/hostile-commands.test.ts and the fuzz corpus.
import { COMMAND_LIMITS } from '../../src/engine/json-copy.js';

export interface HostileValue {
  readonly how: string;
  /** A fresh value each call: some are changed or consumed by being read. */
  readonly make: () => unknown;
  /** Where the refusal points, below `data.data.x`; null where it depends on how far the copy got. */
  readonly at: string | null;
  readonly detail: string;
}

const nested = (depth: number, wrap: (inner: unknown) => unknown): unknown => {
  let value: unknown = 0;
  for (let i = 0; i < depth; i += 1) value = wrap(value);
  return value;
};

/** `data.data.x` is at depth 4 (the command, data, data.data, x); the first container past the limit is refused. */
const pastLimit = (step: string): string => step.repeat(COMMAND_LIMITS.maxDepth - 3);
const tooDeep = `nested deeper than ${COMMAND_LIMITS.maxDepth} levels of objects and arrays`;
const tooLarge = `too large: more than ${COMMAND_LIMITS.maxChars} characters of JSON text in all`;
const notJson = (what: string): string => `expected a JSON value, found ${what}`;
const notPlain = (what: string): string => `expected plain JSON data, found ${what}`;

class Unit {
  readonly id = 'raf-1';
}
class Units extends Array<string> {}

export const hostileValues: readonly HostileValue[] = [
  {
    how: 'circular data',
    make: () => {
      const value: Record<string, unknown> = { a: 1 };
      value['self'] = value;
      return value;
    },
    at: '.self',
    detail: 'a circular reference: JSON cannot hold it',
  },
  {
    how: 'a circular array',
    make: () => {
      const a: unknown[] = [];
      a.push([a]);
      return a;
    },
    at: '[0][0]',
    detail: 'a circular reference: JSON cannot hold it',
  },
  { how: 'BigInt', make: () => 10n, at: '', detail: notJson('a bigint') },
  { how: 'a Symbol', make: () => Symbol('x'), at: '', detail: notJson('a symbol') },
  { how: 'a function', make: () => () => 1, at: '', detail: notJson('a function') },
  { how: 'undefined', make: () => undefined, at: '', detail: notJson('undefined') },
  { how: 'an undefined member', make: () => ({ a: undefined }), at: '.a', detail: notJson('undefined') },
  {
    how: 'NaN',
    make: () => Number.NaN,
    at: '',
    detail: 'expected a finite number, found NaN (JSON has no such number)',
  },
  {
    how: 'Infinity',
    make: () => Number.POSITIVE_INFINITY,
    at: '',
    detail: 'expected a finite number, found Infinity (JSON has no such number)',
  },
  {
    how: '-Infinity in an array',
    make: () => [1, Number.NEGATIVE_INFINITY],
    at: '[1]',
    detail: 'expected a finite number, found -Infinity (JSON has no such number)',
  },
  {
    how: '-0 in an array',
    make: () => [1, -0],
    at: '[1]',
    detail: '-0 cannot be represented exactly (JSON writes it as 0)',
  },
  {
    how: 'a sparse array',
    // biome-ignore lint/suspicious/noSparseArray: the hole is the hostile value
    make: () => [1, , 3],
    at: '[1]',
    detail: 'a hole in a sparse array: JSON has no value for it',
  },
  { how: 'an array of 2^32 - 1 holes', make: () => new Array(2 ** 32 - 1), at: '', detail: tooLarge },
  {
    how: 'a throwing getter',
    make: () => ({
      get y(): number {
        throw new Error('boom');
      },
    }),
    at: '.y',
    detail: 'cannot be read (Error: boom)',
  },
  {
    how: 'a Proxy whose ownKeys trap throws',
    make: () =>
      new Proxy(
        {},
        {
          ownKeys() {
            throw new TypeError('no keys');
          },
        },
      ),
    at: '',
    detail: 'cannot be read (TypeError: no keys)',
  },
  {
    how: 'a Proxy whose getOwnPropertyDescriptor trap throws',
    make: () =>
      new Proxy(
        { y: 1 },
        {
          getOwnPropertyDescriptor() {
            throw new RangeError('no descriptor');
          },
        },
      ),
    at: '.y',
    detail: 'cannot be read (RangeError: no descriptor)',
  },
  {
    how: 'a revoked Proxy',
    make: () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    },
    at: '',
    detail: "cannot be read (TypeError: Cannot perform 'IsArray' on a proxy that has been revoked)",
  },
  { how: 'arrays nested 5,000 deep', make: () => nested(5000, (v) => [v]), at: pastLimit('[0]'), detail: tooDeep },
  { how: 'arrays nested 100,000 deep', make: () => nested(100_000, (v) => [v]), at: pastLimit('[0]'), detail: tooDeep },
  {
    how: 'objects nested 5,000 deep',
    make: () => nested(5000, (v) => ({ a: v })),
    at: pastLimit('.a'),
    detail: tooDeep,
  },
  { how: 'a 20 MB string', make: () => 'x'.repeat(20_000_000), at: '', detail: tooLarge },
  {
    how: 'a million small strings',
    make: () => Array.from({ length: 1_000_000 }, () => 'abcdefgh'),
    at: null,
    detail: tooLarge,
  },
  { how: '2^40 references to one array', make: () => nested(40, (v) => [v, v]), at: null, detail: tooLarge },
  { how: 'a class instance', make: () => new Unit(), at: '', detail: notPlain('an instance of Unit') },
  { how: 'an Array subclass', make: () => Units.from(['raf-1']), at: '', detail: notPlain('an instance of Units') },
  { how: 'a Date', make: () => new Date(0), at: '', detail: notPlain('an instance of Date') },
  { how: 'a Map', make: () => new Map([['a', 1]]), at: '', detail: notPlain('an instance of Map') },
  { how: 'a Set', make: () => new Set([1]), at: '', detail: notPlain('an instance of Set') },
  { how: 'a typed array', make: () => new Uint8Array(2), at: '', detail: notPlain('an instance of Uint8Array') },
  { how: 'a boxed string', make: () => new String('x'), at: '', detail: notPlain('an instance of String') },
  { how: 'a RegExp', make: () => /x/, at: '', detail: notPlain('an instance of RegExp') },
  {
    how: 'an inherited toJSON',
    make: () => Object.create({ toJSON: () => ({ y: 2 }) }) as unknown,
    at: '',
    detail: notPlain('an object with another prototype'),
  },
  {
    how: 'an own toJSON method',
    make: () => ({ y: 1, toJSON: () => ({ y: 2 }) }),
    at: '.toJSON',
    detail: notJson('a function'),
  },
];
