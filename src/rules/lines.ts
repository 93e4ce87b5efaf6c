// The itemized breakdown every calculator returns: one line per table row, zero rows included,
// each with its rule number, so a disputed result can be explained line by line.

/** A line with its words (`detail`), as the calculators return and print it (docs/cli.md: `lines[].detail`). */
export interface Line<K extends string = string> {
  readonly key: K;
  readonly rule: string;
  readonly value: number;
  readonly detail: string;
}

/** A broken rule in a player's decision (exit code 1 on the CLI). */
export interface Violation {
  readonly rule: string;
  readonly message: string;
}

export const sumLines = (lines: readonly { readonly value: number }[]): number =>
  lines.reduce((total, line) => total + line.value, 0);

/** `+3`, `0`, `-2`: how the rules print a modifier. */
export const signed = (n: number): string => (n > 0 ? `+${n}` : `${n}`);

/** `1 cruiser`, `2 cruisers`, `2 British cities`: a count with its noun. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
