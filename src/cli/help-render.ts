// One command's help page, as `help COMMAND` and `COMMAND --help` print it: every line at most 100 columns, a long
// one broken between words with its later lines indented further (a hanging indent). Examples are not broken (a
// shell would read a broken one otherwise): each is written to fit.
import { wrapText } from '../text/wrap.js';
import type { CommandHelp } from './help-types.js';

/** The width of the help's lines, the overview's included (./help.ts). */
export const HELP_WIDTH = 100;

/** `text` after `indent`, its later lines after `hang` more columns. */
export const wrapped = (text: string, indent: string, hang: number): string[] =>
  wrapText(text, indent, indent + ' '.repeat(hang), HELP_WIDTH);

/** Fields written as a column (`--db URL       the database ...`): later lines stand under the meaning. */
const COLUMN = /^\S+(?: \S+)? {2,}(?=\S)/;

/** One input field or option: later lines under its meaning when it is written as a column, else 2 columns in. */
function fieldLines(field: string): string[] {
  const column = COLUMN.exec(field)?.[0].length;
  return wrapped(field, '  ', column ?? 2);
}

/** One command's help: usage, input fields and options, an example. */
export function renderHelp(help: CommandHelp): string {
  return [
    ...wrapped(`awaw-surrender ${help.name}: ${help.summary}`, '', 2),
    '',
    'usage:',
    ...help.usage.split('\n').flatMap((line) => wrapped(line, '  ', 4)),
    '',
    'input fields and options:',
    ...help.fields.flatMap(fieldLines),
    '',
    'example:',
    ...help.example.split('\n').map((line) => `  ${line}`),
  ].join('\n');
}
