// Every count and integer of the inputs and the events is bounded by 2^53 - 1 (docs/cli.md: a larger one is out of
// range), also where the host API is given a number rather than JSON text: beyond it the rules' sums round, and a
// selection the engine accepts could be one its menu cannot express (59.513A).
import { Value } from '@sinclair/typebox/value';
import { expect, it } from 'vitest';
import { Count, Int } from '../../src/schema/types.js';
import { describeSchema } from '../../src/schema/validate.js';

it('a count is at most 2^53 - 1: 9007199254740991 is taken, 9007199254740992 refused', () => {
  expect([Value.Check(Count(), 9007199254740991), Value.Check(Count(), 9007199254740992)]).toEqual([true, false]);
  expect(Value.Check(Count(), -1)).toBe(false);
  expect(Value.Check(Count({ maximum: 10 }), 11)).toBe(false);
});

it('an integer is of magnitude at most 2^53 - 1, either sign', () => {
  const checks = [-9007199254740992, -9007199254740991, 9007199254740991, 9007199254740992].map((n) =>
    Value.Check(Int(), n),
  );
  expect(checks).toEqual([false, true, true, false]);
  expect(Value.Check(Int({ minimum: -2 }), -3)).toBe(false);
});

it('the bound goes without saying in the words of a count and an integer', () => {
  expect([
    describeSchema(Count()),
    describeSchema(Int()),
    describeSchema(Int({ minimum: 1900, maximum: 2100 })),
  ]).toEqual(['expected a non-negative integer', 'expected an integer', 'expected an integer from 1900 to 2100']);
});
