// What the host reports after a British surrender beyond the hex control of 59.63: the British force
// pool the reductions are taken from (59.51), and the Far East hex control when Japan adheres (59.892A).
import { Type } from '@sinclair/typebox';
import { Enum, Strict, Turn } from '../src/schema/types.js';
import { ForceUnitSchema } from '../src/rules/force-reduction.js';
import { defineEvent } from './registry.js';

/** A unit of the British force pool: the calculator's unit (docs/cli.md), and for a minor-country unit its country. */
export const PoolUnitSchema = Strict({
  ...ForceUnitSchema.properties,
  /** 59.514E: the minor country a `minor` unit belongs to, as the terms name it (present exactly for those units). */
  minor: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});

export const forcePoolReported = defineEvent('host.british-force-pool', {
  version: 1,
  source: 'host',
  rules: ['59.51', '59.513', '59.514'],
  summary:
    'After a British surrender that reduces its forces: every unit of the British force pool and Royal ' +
    'Navy, eligible or not, that the British player could select from (59.513B-D); the selection names them by id.',
  schema: Strict({ turn: Turn, units: Type.Array(PoolUnitSchema, { maxItems: 2000 }) }),
});

const HexList = Type.Array(Type.String({ minLength: 1 }), { maxItems: 5000 });

export const farEastHexControlReported = defineEvent('host.far-east-hex-control', {
  version: 1,
  source: 'host',
  rules: ['59.892A', '59.631', '59.632', '59.633', '59.634'],
  summary:
    'Japan adheres to the treaty: hex control in the Far East determined by 59.63 (which British hexes can trace ' +
    'supply, and who controls each area).',
  schema: Strict({
    turn: Turn,
    /** 59.632: British-controlled Far East hexes that cannot trace a supply line from a mapboard box. */
    unsuppliedHexes: HexList,
    /** 59.633: fortifications and fortresses in those hexes, eliminated. */
    fortificationsEliminated: HexList,
    /** 59.634: each Far East area and the side that controls it for BRP purposes after 59.631-59.633. */
    areas: Type.Array(
      Strict({ name: Type.String({ minLength: 1 }), control: Enum(['british', 'japanese'] as const) }),
      { maxItems: 500 },
    ),
  }),
});

export const britishReportEvents = [forcePoolReported, farEastHexControlReported] as const;
