// The input of the 59.6/59.7 concessions calculator: its schema and the checks beyond the schema that make an
// input malformed (a repeated or unknown name, a missing territory key, 59.65, 59.73A, 59.87).
import { Type, type Static } from '@sinclair/typebox';
import { compile, InputError, joinPath, pointerToPath } from '../schema/validate.js';
import { Count, Enum, Int, Strict } from '../schema/types.js';
import { TerritoryKeys, isTerritoryKey } from './british-concession-table.js';

export const TerritoryControls = ['british', 'axis', 'independent'] as const;
export type TerritoryControl = (typeof TerritoryControls)[number];

export const MinorStatuses = ['british', 'axis', 'neutral'] as const;
export type MinorStatus = (typeof MinorStatuses)[number];

export const ConcessionsInputSchema = Strict({
  surrenderLevel: Int({ minimum: -10, maximum: 0 }),
  /** 59.872: the concession points come from the difference between the new and old levels. */
  previousSurrenderLevel: Type.Optional(Int({ minimum: -9, maximum: 0 })),
  /** 59.61: true means no concessions at all. */
  usAtWarWithGermany: Type.Boolean(),
  /**
   * Control when Britain surrenders, all 18 table keys (refineConcessions); a disputed area in Britain is `british`
   * (59.66D).
   */
  territories: Type.Record(Type.String(), Enum(TerritoryControls)),
  /** British minor allies, associated minor countries and conquests (59.65 priority 2). */
  minors: Type.Array(Strict({ name: Type.String({ minLength: 1 }), brps: Count(), status: Enum(MinorStatuses) })),
  /** 59.73B: territories British at the start or gained other than by an Axis declaration of war. */
  originallyBritish: Type.Array(Type.String()),
  /** 59.73C. */
  returnedInEarlierSurrender: Type.Array(Type.String()),
  /** 59.73D-F. */
  axisControls: Strict({
    london: Type.Boolean(),
    birmingham: Type.Boolean(),
    manchester: Type.Boolean(),
    allOfScotland: Type.Boolean(),
  }),
  demand: Strict({
    take: Type.Array(Type.String()),
    minors: Type.Array(Strict({ name: Type.String(), to: Enum(['neutral', 'axis'] as const) })),
    indemnityBrps: Type.Union([Type.Literal(0), Type.Literal(10), Type.Literal(20), Type.Literal(30)]),
    return: Type.Array(Type.String()),
  }),
});
export type ConcessionsInput = Static<typeof ConcessionsInputSchema>;
export const concessionsInput = compile(ConcessionsInputSchema);

/** `territories.malta`, `territories["odd key"]`. */
const keyPath = (parent: string, key: string): string =>
  joinPath(parent, pointerToPath(`/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));

/** The first repeat or unknown name in a list, as an InputError. */
function checkNames(
  path: string,
  names: readonly string[],
  known: (name: string) => boolean,
  unknown: (name: string) => string,
  field = '',
): InputError | null {
  const seen = new Set<string>();
  for (const [i, name] of names.entries()) {
    if (!known(name)) return new InputError(`${path}[${i}]${field}`, unknown(name));
    if (seen.has(name)) return new InputError(`${path}[${i}]${field}`, `repeats ${JSON.stringify(name)}`);
    seen.add(name);
  }
  return null;
}

const notOnTable = (name: string): string =>
  `unknown territory ${JSON.stringify(name)} (not on the British Concession Table, 59.65)`;

/** Checks beyond the schema that make the input malformed (exit 2, docs/cli.md). */
export function refineConcessions(input: ConcessionsInput): InputError | null {
  if (input.previousSurrenderLevel !== undefined && input.previousSurrenderLevel <= input.surrenderLevel) {
    return new InputError(
      'previousSurrenderLevel',
      `must be above surrenderLevel (${input.surrenderLevel}): 59.87, a further surrender is below the previous one`,
    );
  }
  for (const key of TerritoryKeys) {
    if (!Object.hasOwn(input.territories, key))
      return new InputError(
        keyPath('territories', key),
        'missing territory key (all 18 table territories are required, 59.65)',
      );
  }
  for (const key of Object.keys(input.territories)) {
    if (!isTerritoryKey(key))
      return new InputError(
        keyPath('territories', key),
        `unknown territory key (not on the British Concession Table, 59.65)`,
      );
  }
  const minorNames = new Set<string>();
  for (const [i, minor] of input.minors.entries()) {
    if (minorNames.has(minor.name)) return new InputError(`minors[${i}].name`, `repeats ${JSON.stringify(minor.name)}`);
    minorNames.add(minor.name);
  }
  return (
    checkNames('originallyBritish', input.originallyBritish, isTerritoryKey, notOnTable) ??
    checkNames('returnedInEarlierSurrender', input.returnedInEarlierSurrender, isTerritoryKey, notOnTable) ??
    checkNames('demand.take', input.demand.take, isTerritoryKey, notOnTable) ??
    checkNames(
      'demand.minors',
      input.demand.minors.map((m) => m.name),
      (name) => minorNames.has(name),
      (name) => `unknown minor ${JSON.stringify(name)} (not listed in minors)`,
      '.name',
    ) ??
    checkNames(
      'demand.return',
      input.demand.return,
      isTerritoryKey,
      (name) =>
        `unknown territory ${JSON.stringify(name)} (59.73A: only ` +
        `territories on the British Concession Table can be returned)`,
    )
  );
}
