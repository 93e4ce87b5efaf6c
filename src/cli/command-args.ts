// Arguments of the commands that parse their own (exec, append): flags, options with a value, positionals,
// `--` ending the options. A mistake is one usage message, in our words, not Node's argument parser's.
import { engineId } from './engine-id.js';
import type { CommandHelp } from './help-types.js';

export interface ParsedArgs {
  readonly positionals: readonly string[];
  readonly flags: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, string>;
}

export function parseCommandArgs(argv: readonly string[], spec: { readonly flags: readonly string[]; readonly values: readonly string[] }): ParsedArgs | { readonly error: string } {
  const positionals: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (spec.flags.includes(name) && inline === undefined) {
      flags.add(name);
    } else if (spec.values.includes(name)) {
      const value = inline ?? argv[(i += 1)];
      if (value === undefined) return { error: `--${name} needs a value` };
      if (values.has(name)) return { error: `--${name} is given twice` };
      values.set(name, value);
    } else {
      const known = [...spec.flags, ...spec.values].map((n) => `--${n}`);
      return { error: `unknown option ${JSON.stringify(arg)}${known.length === 0 ? '' : ` (options: ${known.join(', ')})`}` };
    }
  }
  return { positionals, flags, values };
}

/** What the dispatcher passes on (src/cli/run.ts CliSettings): the build id for verification marks. */
export interface CommandSettings {
  /** Default the bundle's own (./engine-id.ts); null for none. */
  readonly engineId?: string | null;
}

export const engineIdOf = (settings: CommandSettings): string | null => (settings.engineId === undefined ? engineId : settings.engineId);

/** `COMMAND --help`: the command's help as text (until the dispatcher renders every command's alike). */
export const helpText = (help: CommandHelp): string =>
  [`usage: ${help.usage}`, '', help.summary, '', ...help.fields.map((f) => `  ${f}`), '', `example: ${help.example}`].join('\n');
