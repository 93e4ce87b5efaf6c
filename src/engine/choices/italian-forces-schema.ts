// The choices of a post-surrender Italian selection (src/engine/choices/italian-forces.ts) as a TypeBox schema,
// for pending-decision.ts.
import { Type } from '@sinclair/typebox';
import { Count, Enum, Strict } from '../../schema/types.js';
import { ItalianNavalStatuses } from '../../rules/italian-forces-table.js';

const Sides = ['axis', 'allied'] as const;
const CategoryNames = ['infantry', 'namedShips', 'cruisers', 'destroyers'] as const;
const Statuses = Type.Array(Enum(ItalianNavalStatuses));

const CategoryChoice = Strict({
  rule: Enum(['56.31C', '56.31D'] as const),
  countedIn: Enum(['factors', 'units'] as const),
  entitled: Count(),
  required: Count(),
  chosen: Count(),
  missing: Count(),
  over: Count(),
  met: Type.Boolean(),
  completable: Type.Boolean(),
});

const Refusal = Type.Union([
  Strict({ rule: Type.Literal('56.32'), code: Enum(['row-3-plus', 'unfinished-light-ship'] as const) }),
  Strict({ rule: Enum(['56.31C', '56.31D'] as const), code: Type.Literal('taken-by-other-side') }),
]);

export const ItalianForcesChoicesSchema = Strict({
  side: Enum(Sides),
  order: Strict({ rule: Type.Literal('56.311'), sides: Type.Array(Enum(Sides)), made: Type.Array(Enum(Sides)) }),
  categories: Strict({ infantry: CategoryChoice, namedShips: CategoryChoice, cruisers: CategoryChoice, destroyers: CategoryChoice }),
  units: Type.Array(
    Strict({
      id: Type.String(),
      category: Enum(CategoryNames),
      size: Count(),
      status: Type.Union([Enum(ItalianNavalStatuses), Type.Null()]),
      selectable: Type.Boolean(),
      refusedBy: Type.Union([Refusal, Type.Null()]),
      takenBy: Type.Union([Enum(Sides), Type.Null()]),
      picked: Type.Boolean(),
      canAdd: Type.Boolean(),
    }),
  ),
  shipRule: Strict({
    rule: Type.Literal('56.32'),
    unfinishedLightShips: Enum(['rows-2-and-launch', 'never'] as const),
    namedShips: Statuses,
    cruisers: Statuses,
    destroyers: Statuses,
  }),
  complete: Type.Boolean(),
});
