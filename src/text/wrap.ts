// Text for a terminal, at most so many columns a line: broken between words, the later lines of a paragraph after
// an indent of their own (a hanging indent). The audit (src/audit/wrap.ts) and the command line's help use it.

/**
 * `text` after `first` (the first line's prefix), broken between words into lines of at most `width` columns,
 * each later line after `next`. A word longer than a line is never cut: it stands on a line of its own.
 */
export function wrapText(text: string, first: string, next: string, width: number): string[] {
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
