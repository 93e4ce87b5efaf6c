// The text audit's lines at most 100 columns: a row too long is broken between words, its later lines indented
// under its first word after the rule number (a hanging indent), so that the rule column stays clear; the breaking
// between words is src/text/wrap.ts.

/** The width of the terminal audit's lines. */
export const AUDIT_WIDTH = 100;

/** How far a row's later lines are indented: past its rule number (`59.512 `, `zero: `), else two columns. */
export function hangOf(row: string): number {
  const lead = /^(?:\d+\.\d+[A-Z]*|zero:|ruling option|at war:) /.exec(row);
  return lead === null ? 2 : lead[0].length;
}
