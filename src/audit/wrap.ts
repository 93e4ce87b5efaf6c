// The text audit's lines at most 100 columns: a row too long is broken between words, its later lines indented
// under its first word after the rule number (a hanging indent), so that the rule column stays clear.

/** The width of the terminal audit's lines. */
export const AUDIT_WIDTH = 100;

/**
 * `text` after `first` (the first line's prefix), broken between words into lines of at most `width` columns,
 * each later line after `next`. A word longer than a line is never cut: it stands on a line of its own.
 */
export function wrapText(text: string, first: string, next: string, width = AUDIT_WIDTH): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(' ')) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = next;
      empty = true;
    }
    line = empty ? `${line}${word}` : `${line} ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** How far a row's later lines are indented: past its rule number (`59.512 `, `zero: `), else two columns. */
export function hangOf(row: string): number {
  const lead = /^(?:\d+\.\d+[A-Z]*|zero:|ruling option|at war:) /.exec(row);
  return lead === null ? 2 : lead[0].length;
}
