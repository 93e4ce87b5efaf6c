// The bundled example games, by file name (examples/<name>.jsonl).
import { conciliationAndSecondSurrender } from './conciliation-and-second-surrender.js';
import { rejectedThenForced1943 } from './rejected-then-forced-1943.js';
import { seaLion1941 } from './sea-lion-1941.js';
import { farEast1941 } from './far-east-games.js';
import { germanyFirstThenItaly1945, italy1943Germany1945 } from './italian-games.js';
import type { GameScript } from './script.js';

export const exampleGames: Readonly<Record<string, () => GameScript>> = {
  'sea-lion-1941': seaLion1941,
  'rejected-then-forced-1943': rejectedThenForced1943,
  'conciliation-and-second-surrender': conciliationAndSecondSurrender,
  'italy-1943-germany-1945': italy1943Germany1945,
  'germany-first-then-italy-1945': germanyFirstThenItaly1945,
  'far-east-1941': farEast1941,
};
