// The known name a mistyped one was most likely meant to be (`replya` for `replay`), for the "did you mean" of a
// usage error or a refused command: the edit distance of optimal string alignment (Damerau-Levenshtein with no
// substring edited twice), so that two letters swapped count as one edit.

/** The edits (insert, delete, substitute one character, or swap two adjacent ones) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  // Three rows of the distance table: the one before the previous (for swaps), the previous and the current.
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] as number) + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** The most edits a name may be from the one it was meant to be: 2, or a third of a longer name. */
const closeEnough = (given: string): number => Math.max(2, Math.floor(given.length / 3));

/**
 * The known name nearest to `given`, if it is close (at most 2 edits, or a third of `given`'s length) and `given` is
 * not wholly replaced (fewer edits than its length); the first of the nearest, in the order given, on a tie.
 */
export function nearestName(given: string, known: Iterable<string>): string | undefined {
  const limit = Math.min(closeEnough(given), given.length - 1);
  let nearest: string | undefined;
  let distance = limit + 1;
  for (const name of known) {
    const edits = editDistance(given.toLowerCase(), name.toLowerCase());
    if (edits < distance && name !== given) {
      nearest = name;
      distance = edits;
    }
  }
  return nearest;
}

/** `: did you mean "replay"?` when a known name is near, else nothing: the tail of an error message. */
export function didYouMean(given: string, known: Iterable<string>): string {
  const nearest = nearestName(given, known);
  return nearest === undefined ? '' : `: did you mean ${JSON.stringify(nearest)}?`;
}
