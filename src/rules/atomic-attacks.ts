// The atomic attack modifier shared by 55.11B (Germany) and 59.21 (Britain), from 43.321A:
// -3 for the first attack, an additional -2 for the second, an additional -1 for each one after.

export function atomicAttackModifier(attacks: number): number {
  if (attacks <= 0) return 0;
  if (attacks === 1) return -3;
  return -5 - (attacks - 2);
}
