// One command's help page, as `help COMMAND` and `COMMAND --help` print it.
import type { CommandHelp } from './help-types.js';

/** One command's help: usage, input fields and options, an example. */
export function renderHelp(help: CommandHelp): string {
  return [
    `awaw-surrender ${help.name}: ${help.summary}`,
    '',
    'usage:',
    ...help.usage.split('\n').map((line) => `  ${line}`),
    '',
    'input fields and options:',
    ...help.fields.map((field) => `  ${field}`),
    '',
    'example:',
    ...help.example.split('\n').map((line) => `  ${line}`),
  ].join('\n');
}
