// Who is at war with whom: pairs of one Axis and one Allied major power.
import { AlliedPowers, AxisPowers, isAllied, isAxis, type AlliedPower, type AxisPower } from '../../events/common.js';

export { isAllied, isAxis };

export type Power = AxisPower | AlliedPower;
export type WarKey = `${AxisPower}-${AlliedPower}`;
export type Wars = Readonly<Partial<Record<WarKey, true>>>;

export const warKey = (axis: AxisPower, allied: AlliedPower): WarKey => `${axis}-${allied}`;

export const atWar = (wars: Wars, axis: AxisPower, allied: AlliedPower): boolean => wars[warKey(axis, allied)] === true;

/** The war between two powers of opposite sides, or null when they are on the same side. */
export function warBetween(a: Power, b: Power): { axis: AxisPower; allied: AlliedPower } | null {
  if (isAxis(a) && isAllied(b)) return { axis: a, allied: b };
  if (isAllied(a) && isAxis(b)) return { axis: b, allied: a };
  return null;
}

export const isAtWarWith = (wars: Wars, a: Power, b: Power): boolean => {
  const war = warBetween(a, b);
  return war !== null && atWar(wars, war.axis, war.allied);
};

/** Every war in progress, in a stable order. */
export function warList(wars: Wars): { axis: AxisPower; allied: AlliedPower }[] {
  const out: { axis: AxisPower; allied: AlliedPower }[] = [];
  for (const axis of AxisPowers)
    for (const allied of AlliedPowers) if (atWar(wars, axis, allied)) out.push({ axis, allied });
  return out;
}
