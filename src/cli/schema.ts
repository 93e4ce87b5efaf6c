// `awaw-surrender schema [--json] [NAME]`: the JSON Schemas of schemas/ (the package's dist/schemas/), from the
// catalogue (src/schemas/catalog.ts), which is loaded only when this command runs: a calculator call never pays for it.
import { InputError } from '../schema/validate.js';
import { reportInputError } from './calculator.js';
import type { CommandHelp } from './help-types.js';
import type { CliIo, ExitCode } from './io.js';

export const schemaHelp: CommandHelp = {
  name: 'schema',
  summary:
    'print the JSON Schema (draft 2020-12) of a command, ' +
    'event, log line, pending decision or calculator input or output',
  usage: 'awaw-surrender schema [--json] [NAME]',
  fields: [
    'NAME: the schema to print, e.g. event/britain.resistance-determined, command/host.game-turn-ended, ' +
      'calculator/concessions/input; without it, every name, one per line',
    '--json: without NAME, print schemas/index.json (each name with its $id, file and description)',
  ],
  example: 'awaw-surrender schema calculator/british-resistance/input',
};

/** Edit distance, for the names close to one that is not in the catalogue. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1)
      next.push(
        Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)),
      );
    row = next;
  }
  return row[b.length] ?? 0;
}

/** Up to five names that contain `name` or are a few edits from it, closest first; failing those, of its group. */
export function closeNames(name: string, names: readonly string[]): string[] {
  const wanted = name.toLowerCase();
  const scored = names
    .map((n) => ({ n, d: n.includes(wanted) ? 0 : distance(wanted, n) }))
    .sort((x, y) => x.d - y.d || x.n.localeCompare(y.n));
  const near = scored.filter(({ n, d }) => d <= Math.max(3, Math.floor(n.length / 4)));
  const group = `${wanted.split('/')[0] ?? ''}/`;
  return (near.length > 0 ? near : scored.filter(({ n }) => n.startsWith(group))).slice(0, 5).map(({ n }) => n);
}

export async function schemaCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const json = argv.includes('--json');
  // `schema --help` is printed by the dispatcher (./run.ts), as for every command.
  const unknownOption = argv.find((a) => a.startsWith('-') && a !== '--json');
  if (unknownOption !== undefined)
    return reportInputError(
      io,
      new InputError('$', `usage: unknown option '${unknownOption}' for schema (${schemaHelp.usage})`),
      json,
    );
  const names = argv.filter((a) => a !== '--json');
  if (names.length > 1)
    return reportInputError(
      io,
      new InputError('$', `usage: schema takes at most one NAME (${schemaHelp.usage})`),
      json,
    );
  const [{ catalog, catalogEntry }, { indexText, jsonSchemaText }] = await Promise.all([
    import('../schemas/catalog.js'),
    import('../schemas/json-schema.js'),
  ]);
  const [name] = names;
  if (name === undefined) {
    io.out(json ? indexText(catalog) : catalog.map((e) => e.name).join('\n'));
    return 0;
  }
  const entry = catalogEntry(name);
  if (entry === undefined) {
    const close = closeNames(
      name,
      catalog.map((e) => e.name),
    );
    const hint = close.length === 0 ? '' : `; close names: ${close.join(', ')}`;
    return reportInputError(
      io,
      new InputError('$', `unknown schema ${JSON.stringify(name)}${hint} (awaw-surrender schema lists them all)`),
      json,
    );
  }
  io.out(jsonSchemaText(entry));
  return 0;
}
