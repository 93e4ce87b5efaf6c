// Schema pieces shared by the event payloads.
import { Enum, Strict } from '../src/schema/types.js';

export const AxisPowers = ['germany', 'italy', 'japan'] as const;
export const AlliedPowers = ['britain', 'france', 'russia', 'us'] as const;
export type AxisPower = (typeof AxisPowers)[number];
export type AlliedPower = (typeof AlliedPowers)[number];

/** A state of war between one Axis and one Allied major power. */
export const WarSchema = Strict({ axis: Enum(AxisPowers), allied: Enum(AlliedPowers) });

export { Scenarios } from '../src/schema/types.js';

export const isAxis = (p: AxisPower | AlliedPower): p is AxisPower => (AxisPowers as readonly string[]).includes(p);
export const isAllied = (p: AxisPower | AlliedPower): p is AlliedPower =>
  (AlliedPowers as readonly string[]).includes(p);
