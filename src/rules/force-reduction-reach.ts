// 59.513E and 59.513F as a menu: which units of one category, added to the picks already made, still leave a
// selection that judgeCategory (force-reduction.ts) accepts. Derived from its three conditions, checked against it
// by the property tests (test/engine/59.513F-force-choices-properties.test.ts).
import { smallestReachableAtLeast } from './force-reduction.js';

/** One category's eligible pool: each unit's weight and whether it is picked; value = floor(weight / divisor). */
export interface CategoryReachInput {
  readonly weights: readonly number[];
  readonly picked: readonly boolean[];
  /** The 59.512 requirement in weight units (requirement * divisor). */
  readonly target: number;
  readonly divisor: number;
}

/**
 * For each unit: may it be added to the picks with a legal set still reachable (false for picked units).
 *
 * 59.513E: a pool weighing less than the target is taken whole, so every unpicked unit is addable.
 * Otherwise judgeCategory accepts S exactly when W(S) >= T, value(S) <= value of the smallest reachable weight
 * (so W(S) <= wMax), and no unit is droppable: W(S) - w < T for every unit, i.e. W(S) <= T + v - 1 with v the
 * lightest weight in S. Conversely any S of units all weighing v or more with T <= W(S) <= min(wMax, T + v - 1)
 * is accepted. So u is addable to picks C iff, for some positive v <= the lightest of C and u, the other unpicked
 * units weighing v or more hold a subset Y with W(C) + w(u) + W(Y) in that interval. v need only range over C's
 * lightest weight and the unpicked weights below it; units of one weight are interchangeable, so the work is
 * (distinct weights)^3 * wMax: no search over subsets.
 */
export function addableUnits(input: CategoryReachInput): boolean[] {
  const { weights, picked, target, divisor } = input;
  const total = weights.reduce((s, w) => s + w, 0);
  if (total < target) return picked.map((p) => !p);
  const none = weights.map(() => false);
  const smallest = smallestReachableAtLeast(weights, target) ?? total;
  const wMax = divisor * Math.floor(smallest / divisor) + divisor - 1;
  let pickedWeight = 0;
  let lightestPicked = Number.POSITIVE_INFINITY;
  const free = new Map<number, number>(); // weight -> count of unpicked units
  for (const [i, w] of weights.entries()) {
    if (picked[i] === true) {
      pickedWeight += w;
      lightestPicked = Math.min(lightestPicked, w);
    } else if (w > 0) free.set(w, (free.get(w) ?? 0) + 1);
  }
  // A zero-weight unit is always droppable; a picked one leaves nothing legal.
  if (lightestPicked === 0 || pickedWeight >= target) return none;
  const classes = [...free.keys()].sort((a, b) => a - b);
  const lightest = [
    ...classes.filter((w) => w < lightestPicked),
    ...(Number.isFinite(lightestPicked) ? [lightestPicked] : []),
  ];
  const ok = new Set<number>();
  for (const v of lightest) {
    const hi = Math.min(wMax, target + v - 1) - pickedWeight;
    const lo = target - pickedWeight;
    for (const x of classes) {
      if (x < v || ok.has(x) || x > hi) continue;
      const others = classes
        .filter((y) => y >= v)
        .map((y): readonly [number, number] => [y, (free.get(y) ?? 0) - (y === x ? 1 : 0)]);
      if (anyInRange(reachable(others, hi - x), Math.max(0, lo - x), hi - x)) ok.add(x);
    }
  }
  return weights.map((w, i) => picked[i] !== true && ok.has(w));
}

/** Subset sums up to `limit` of a multiset given as [weight, count] classes (bounded knapsack, O(classes * limit)). */
function reachable(classes: readonly (readonly [number, number])[], limit: number): Uint8Array {
  const r = new Uint8Array(limit + 1);
  r[0] = 1;
  const used = new Int32Array(limit + 1);
  for (const [w, count] of classes) {
    if (count <= 0) continue;
    for (let s = 0; s <= limit; s++) {
      if (r[s] === 1) used[s] = 0;
      else if (s >= w && r[s - w] === 1 && (used[s - w] ?? 0) < count) {
        r[s] = 1;
        used[s] = (used[s - w] ?? 0) + 1;
      }
    }
  }
  return r;
}

function anyInRange(r: Uint8Array, lo: number, hi: number): boolean {
  for (let s = lo; s <= hi; s++) if (r[s] === 1) return true;
  return false;
}
