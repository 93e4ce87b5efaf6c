// What a host report the engine waits for must contain (reports.ts) as a TypeBox schema, part of the
// pending-decision schema; its type is the schema's static type.
import { Type, type Static } from '@sinclair/typebox';
import { Enum, Strict, Turn, type Frozen } from '../../schema/types.js';

export type ReportCommand =
  | 'host.british-force-pool'
  | 'host.british-hex-control'
  | 'host.far-east-hex-control'
  | 'host.italian-forces-reported';

export const ReportRequirements = [
  'turn-of-the-decision',
  'every-unit-of-the-force-pool-and-royal-navy',
  'ground-units-eligible-or-not',
  'air-units-eligible-or-not',
  'naval-units-with-type-and-status',
  'id-unique',
  'not-removed-in-an-earlier-surrender',
  'country-of-each-minor-unit',
  'hexes-without-mapboard-supply',
  'each-once',
  'fortifications-in-unsupplied-hexes',
  'among-unsupplied-hexes',
  'every-concession-table-territory',
  'every-minor-country-with-brps-and-status',
  'territories-originally-british',
  'axis-control-of-key-economic-areas',
  'every-area-with-its-controller',
  'every-italian-naval-unit-with-status',
  'every-italian-infantry-unit-on-board-and-in-pool',
  'not-the-airborne-unit',
] as const;
export type ReportRequirement = (typeof ReportRequirements)[number];

const Content = Strict({
  /** A JSON path in the command's `data` (`units[].minor`: that member of each element). */
  field: Type.String(),
  rule: Type.String(),
  requirement: Enum(ReportRequirements),
  /** The keys the field must hold, where the rules fix them (the 18 concession-table territories); else null. */
  values: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

/** The choices of the report `command`: the command, the name of its JSON Schema, the turn and the contents. */
export const reportChoicesSchema = <const C extends ReportCommand>(command: C) =>
  Strict({
    command: Type.Literal(command),
    schema: Type.Literal(`command/${command}` as const),
    turn: Turn,
    contents: Type.Array(Content),
  });

export type ReportContent = Frozen<Static<typeof Content>>;
/** The choices of any report, narrowed to those of `C` (a static type cannot stay generic). */
export type ReportChoices<C extends ReportCommand = ReportCommand> = Omit<
  Frozen<Static<ReturnType<typeof reportChoicesSchema<ReportCommand>>>>,
  'command' | 'schema'
> & {
  readonly command: C;
  readonly schema: `command/${C}`;
};
