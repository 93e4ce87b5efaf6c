// 56.32: the Post-Surrender Italian Forces Table, as data. A `-` in the printed table is 0.
// 56.312: infantry and destroyers are counted in factors, named ships and cruisers by unit.

export const ItalianSurrenderLevels = [2, 1, 0, -1, -2] as const;
/** 56.31: the Italian surrender level never exceeds +/-2. */
export type ItalianSurrenderLevel = (typeof ItalianSurrenderLevels)[number];

/** One side's post-surrender Italian forces (one half of a 56.32 row). */
export interface ForceAmounts {
  readonly infantryFactors: number;
  readonly namedShips: number;
  readonly cruisers: number;
  readonly destroyerFactors: number;
}

export interface ForcesTableRow {
  readonly level: ItalianSurrenderLevel;
  readonly germany: ForceAmounts;
  readonly us: ForceAmounts;
}

const none: ForceAmounts = { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 };
const amounts = (
  infantryFactors: number,
  namedShips: number,
  cruisers: number,
  destroyerFactors: number,
): ForceAmounts => ({
  infantryFactors,
  namedShips,
  cruisers,
  destroyerFactors,
});

/** 56.32, in the printed order (ISL +2 down to -2). */
export const POST_SURRENDER_ITALIAN_FORCES_TABLE: readonly ForcesTableRow[] = [
  { level: 2, germany: amounts(9, 1, 2, 2), us: none },
  { level: 1, germany: amounts(6, 1, 1, 1), us: none },
  { level: 0, germany: amounts(3, 0, 1, 1), us: amounts(3, 0, 1, 1) },
  { level: -1, germany: none, us: amounts(6, 1, 1, 1) },
  { level: -2, germany: none, us: amounts(9, 1, 2, 2) },
];

/** The statuses of Italian naval units the host engine reports (56.31D, footnote * of 56.32). */
export const ItalianNavalStatuses = [
  'operational',
  'damaged',
  'sunk-in-port',
  'row-2',
  'launch',
  'row-3-plus',
] as const;
export type ItalianNavalStatus = (typeof ItalianNavalStatuses)[number];

/**
 * 56.32 footnote *: the named ship is the selecting player's choice, and may be unfinished or damaged on the "2" or
 * "Launch" row.
 */
export const NAMED_SHIP_FOOTNOTE = {
  text:
    'One named ship of the selecting player\'s choice. Unfinished or damaged ships in the "2" or "Launch" row ' +
    'of an Italian Naval Construction Chart may be selected.',
  selectingPlayersChoice: true,
  /**
   * Ships in port or at sea (56.31D: "may be repaired if damaged or sunk in port") and the two construction rows the
   * footnote names.
   */
  selectableStatuses: ['operational', 'damaged', 'sunk-in-port', 'row-2', 'launch'] as readonly ItalianNavalStatus[],
} as const;

export const isItalianSurrenderLevel = (n: number): n is ItalianSurrenderLevel =>
  (ItalianSurrenderLevels as readonly number[]).includes(n);

/** 56.31: a level above +2 or below -2 is treated as +2 or -2 (`n` is an integer). */
export const clampSurrenderLevel = (n: number): ItalianSurrenderLevel =>
  Math.max(-2, Math.min(2, n)) as ItalianSurrenderLevel;

/** The 56.32 row for a surrender level; a level outside -2..+2 is a defect of the caller. */
export function forcesForLevel(level: number): ForcesTableRow {
  const row = POST_SURRENDER_ITALIAN_FORCES_TABLE.find((r) => r.level === level);
  if (row === undefined) throw new RangeError(`56.31: the Italian surrender level is -2..+2, not ${level}`);
  return row;
}

/** A side's half of a row selects nothing at all (56.311: only at level 0 do both sides select). */
export const isEmptyRow = (a: ForceAmounts): boolean =>
  a.infantryFactors === 0 && a.namedShips === 0 && a.cruisers === 0 && a.destroyerFactors === 0;
