// The event ids seen so far in a log, each with the line that holds it, so that a repeated id is refused naming
// both lines (docs/log-format.md: ids are unique). A Map of the ids' strings: the checked read has each id as a
// string already, and a verified prefix reads it from its fixed place in the line (./scan-prefix.ts).
export class IdIndex {
  readonly #lines = new Map<string, number>();

  /** Records that `line` holds `id`; returns the line that held it before, or 0. */
  add(id: string, line: number): number {
    const earlier = this.#lines.get(id);
    if (earlier !== undefined) return earlier;
    this.#lines.set(id, line);
    return 0;
  }
}
