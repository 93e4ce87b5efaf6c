// The input of the 59.51 force reduction validator: the units of the British force pool, the surrender levels
// and the selection, with the checks beyond the schema that make an input malformed (59.514B, 59.87).
import { Type, type Static } from '@sinclair/typebox';
import { compile, InputError } from '../schema/validate.js';
import { Count, Enum, Int, Scenarios, Strict, type Scenario } from '../schema/types.js';

export const UnitNationalities = [
  'british',
  'canadian',
  'south-african',
  'australian',
  'indian',
  'free-french',
  'minor',
] as const;
export type UnitNationality = (typeof UnitNationalities)[number];

export const UnitKinds = [
  'ground',
  'aaf',
  'nas',
  'strategic-bomber',
  'interceptor',
  'jet',
  'naval',
  'asw',
  'transport',
] as const;
export type UnitKind = (typeof UnitKinds)[number];

export const UnitTheaters = ['unbuilt', 'europe', 'pacific', 'asia'] as const;
export type UnitTheater = (typeof UnitTheaters)[number];

export const ShipTypes = ['battleship', 'battlecruiser', 'carrier', 'cruiser', 'destroyer', 'submarine'] as const;
export const ShipStatuses = ['operational', 'incomplete', 'damaged', 'sunk-in-port', 'salvageable'] as const;
export type ShipStatus = (typeof ShipStatuses)[number];

export { Scenarios, type Scenario };

export const ForceUnitSchema = Strict({
  id: Type.String({ minLength: 1 }),
  nationality: Enum(UnitNationalities),
  kind: Enum(UnitKinds),
  /** Combat factors (naval factors for naval units). */
  factors: Count(),
  /** BRP cost (ground units and NAS). */
  brps: Count(),
  theater: Enum(UnitTheaters),
  /** Present exactly when kind is `naval` (refineForceReduction). */
  naval: Type.Optional(Strict({ type: Enum(ShipTypes), status: Enum(ShipStatuses) })),
});
export type ForceUnit = Static<typeof ForceUnitSchema>;

export const ForceReductionInputSchema = Strict({
  surrenderLevel: Int({ minimum: -10, maximum: 0 }),
  /** 59.872: the reductions come from the difference between the new and old levels. */
  previousSurrenderLevel: Type.Optional(Int({ minimum: -9, maximum: 0 })),
  scenario: Enum(Scenarios),
  units: Type.Array(ForceUnitSchema),
  /** Ids chosen for removal or elimination. */
  selection: Type.Array(Type.String()),
});
export type ForceReductionInput = Static<typeof ForceReductionInputSchema>;
export const forceReductionInput = compile(ForceReductionInputSchema);

/** Checks beyond the schema that make the input malformed (exit 2, docs/cli.md). */
export function refineForceReduction(input: ForceReductionInput): InputError | null {
  if (input.previousSurrenderLevel !== undefined && input.previousSurrenderLevel <= input.surrenderLevel) {
    return new InputError(
      'previousSurrenderLevel',
      `must be above surrenderLevel (${input.surrenderLevel}): 59.87, a further surrender is below the previous one`,
    );
  }
  const ids = new Set<string>();
  for (const [i, unit] of input.units.entries()) {
    if (ids.has(unit.id)) return new InputError(`units[${i}].id`, `repeats ${JSON.stringify(unit.id)}`);
    ids.add(unit.id);
    // `naval` describes a warship that may be eliminated; ASW and transports are never eliminated (59.514B).
    if (unit.kind === 'naval' && unit.naval === undefined)
      return new InputError(`units[${i}].naval`, 'missing required field for a naval unit (type and status)');
    if (unit.kind !== 'naval' && unit.naval !== undefined)
      return new InputError(`units[${i}].naval`, `only naval units have it (kind is ${JSON.stringify(unit.kind)})`);
  }
  const seen = new Set<string>();
  for (const [i, id] of input.selection.entries()) {
    if (!ids.has(id)) return new InputError(`selection[${i}]`, `unknown unit id ${JSON.stringify(id)}`);
    if (seen.has(id)) return new InputError(`selection[${i}]`, `repeats ${JSON.stringify(id)}`);
    seen.add(id);
  }
  return null;
}
