// The choices of the host reports and of Japan's treaty choice (src/engine/choices/reports.ts, japan.ts) as
// TypeBox schemas, for pending-decision.ts.
import { Type } from '@sinclair/typebox';
import { Enum, Strict, Turn } from '../../schema/types.js';
import { ReportRequirements, type ReportCommand } from './reports.js';

const Content = Strict({
  field: Type.String(),
  rule: Type.String(),
  requirement: Enum(ReportRequirements),
  values: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

export const reportChoicesSchema = <const C extends ReportCommand>(command: C) =>
  Strict({ command: Type.Literal(command), schema: Type.Literal(`command/${command}` as const), turn: Turn, contents: Type.Array(Content) });

export const JapaneseAdherenceChoicesSchema = Strict({
  answers: Type.Array(
    Strict({
      rule: Enum(['59.892', '59.894'] as const),
      allowed: Type.Literal(true),
      refusedBy: Type.Null(),
      command: Strict({ type: Type.Literal('japan.treaty-decided'), data: Strict({ turn: Turn, adheres: Type.Boolean() }) }),
    }),
  ),
});
