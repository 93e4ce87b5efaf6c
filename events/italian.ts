// Italy's surrender (rule 56): host facts, player decisions and the engine's rule decisions.
// Documented one by one in docs/events.d/italian.md.
import { Type, type TSchema } from '@sinclair/typebox';
import { Count, Enum, Int, Strict, Turn } from '../src/schema/types.js';
import { ItalianSurrenderInputSchema, italianSurrenderLines } from '../src/rules/italian-surrender.js';
import { AllocationSelectionSchema, ItalianForcesSchema } from '../src/rules/italian-allocation.js';
import { italianLineCodes } from '../src/rules/italian-lines.js';
import { lineSchemaOf, withDerivedLines, WordedLineSchema } from '../src/rules/line-spec.js';
import { effectPayload } from './effect-payload.js';
import { defineEvent, defineUpcaster } from './registry.js';

/** 56.31: the Italian surrender level never exceeds +/-2. */
const SurrenderLevel = Int({ minimum: -2, maximum: 2 });

/** One side's half of a 56.32 row (56.312: infantry and destroyers in factors, named ships and cruisers by unit). */
export const ForceAmountsSchema = Strict({
  infantryFactors: Count(),
  namedShips: Count(),
  cruisers: Count(),
  destroyerFactors: Count(),
});

/** Who selects post-surrender Italian forces: the Axis player for Germany, the Allied player for the U.S. (56.311). */
export const AllocationSides = ['axis', 'allied'] as const;

const UnitIds = Type.Array(Type.String({ minLength: 1 }), { maxItems: 500 });
const UnitsBySide = Strict({ infantry: UnitIds, navy: UnitIds });

const checkedPayload = <L extends TSchema>(line: L) =>
  Strict({
    turn: Turn,
    /** The calculator's input: the host's facts with 56.12A and 56.12B taken from the log. */
    inputs: ItalianSurrenderInputSchema,
    /** 56.12: the DP total with its modifiers. */
    dpTotal: Int(),
    surrenders: Type.Boolean(),
    surrenderLevel: SurrenderLevel,
    lines: Type.Array(line),
  });

export const italianSurrenderChecked = defineEvent('italy.surrender-checked', {
  version: 2,
  source: 'engine',
  rules: ['56.11', '56.12', '56.31'],
  summary:
    'The Italian DP total, the surrender conditions and the surrender level at the end of an Allied player turn.',
  schema: checkedPayload(lineSchemaOf(italianLineCodes)),
  // v1 stored each line's words; its params are those its stored inputs give (56.12, 56.31), row by row.
  upcasters: [defineUpcaster(1, checkedPayload(WordedLineSchema), withDerivedLines(italianSurrenderLines))],
});

const italySurrenderedPayload = effectPayload({
  turn: Turn,
  /** 56.11A (Rome under Allied control) and/or 56.11B (no Axis units in Africa). */
  conditions: Type.Array(Enum(['56.11A', '56.11B'] as const), { minItems: 1, maxItems: 2 }),
  dpTotal: Int({ maximum: 0 }),
  surrenderLevel: SurrenderLevel,
  /**
   * Germany's position: fighting on, surrendered at an earlier turn, or surrendering at the end of this same Allied
   * player turn.
   */
  germany: Enum(['fights-on', 'surrendered-earlier', 'surrenders-same-turn'] as const),
  /**
   * 56.311: both sides select, the Axis player first: level 0 AND Germany in play (`germany` is `fights-on`), i.e.
   * `selectionOrder` has two sides. Not the calculator's field of the same name, which is level 0 alone
   * (src/rules/italian-surrender.ts). Kept under its log name; the order itself is in
   * src/rules/italian-selection-order.ts.
   */
  axisSelectsFirst: Type.Boolean(),
  /** The sides that select, in order; Germany selects nothing once surrendered (ruling 56.311 in docs/rulings.md). */
  selectionOrder: Type.Array(Enum(AllocationSides), { maxItems: 2 }),
  /** The 56.32 row for the surrender level. */
  row: Strict({ germany: ForceAmountsSchema, us: ForceAmountsSchema }),
});

export const italySurrendered = defineEvent('italy.surrendered', {
  version: 2,
  source: 'engine',
  rules: [
    '56.11',
    '56.21',
    '56.22',
    '56.31',
    '56.311',
    '56.32',
    '56.33',
    '56.41',
    '56.51',
    '56.52',
    '56.61',
    '56.62',
    '56.63',
  ],
  summary:
    'Italy surrenders: its wars end; the surrender level, the 56.32 ' +
    'row, who selects and in which order, and the effects for the host.',
  schema: italySurrenderedPayload.schema,
  upcasters: [italySurrenderedPayload.fromV1],
});

export const italianForcesReported = defineEvent('host.italian-forces-reported', {
  version: 1,
  source: 'host',
  rules: ['56.31C', '56.31D', '56.32'],
  summary: "The host reports Italy's navy (with each ship's status) and infantry at the moment of surrender.",
  schema: Strict({
    turn: Turn,
    navy: Type.Array(ItalianForcesSchema.properties.navy.items, { maxItems: 500 }),
    infantry: Type.Array(ItalianForcesSchema.properties.infantry.items, { maxItems: 500 }),
  }),
});

export const italianForcesSelected = defineEvent('italy.forces-selected', {
  version: 1,
  source: 'player',
  rules: ['56.311', '56.312', '56.32', '56.31C', '56.31D'],
  summary:
    'The Axis player (for Germany) or the Allied player (for ' +
    'the U.S.) selects post-surrender Italian forces by unit id.',
  schema: Strict({ turn: Turn, side: Enum(AllocationSides), selection: AllocationSelectionSchema }),
});

const italianForcesDisposedPayload = effectPayload({
  turn: Turn,
  surrenderLevel: SurrenderLevel,
  /**
   * Each selecting side's validated selection: its row, what it had to take, what it took, and what Italy could not
   * supply.
   */
  allocations: Type.Array(
    Strict({
      side: Enum(AllocationSides),
      row: ForceAmountsSchema,
      required: ForceAmountsSchema,
      allocated: ForceAmountsSchema,
      lost: ForceAmountsSchema,
    }),
    { maxItems: 2 },
  ),
  germany: UnitsBySide,
  us: UnitsBySide,
  /** 56.31C, 56.31D: not allocated, permanently removed from play. */
  removed: UnitsBySide,
  /** 56.31D: the ships joining the Western Allies on the board; the host picks the ports and resolves interception. */
  relocatingToWesternAlliedPorts: UnitIds,
});

export const italianForcesDisposed = defineEvent('italy.forces-disposed', {
  version: 2,
  source: 'engine',
  rules: ['56.31C', '56.31D', '56.311', '56.312', '56.32', '56.33'],
  summary:
    "Every Italian infantry and naval unit's fate once the selections are complete: to Germany, to the U.S., or " +
    'removed; types in short supply lost.',
  schema: italianForcesDisposedPayload.schema,
  upcasters: [italianForcesDisposedPayload.fromV1],
});

export const italianEvents = [
  italianSurrenderChecked,
  italySurrendered,
  italianForcesReported,
  italianForcesSelected,
  italianForcesDisposed,
] as const;
