// Arguments of the commands that parse their own (exec, append): flags, options with a value, positionals,
// `--` ending the options. A mistake is one usage message, in our words, not Node's argument parser's.
import { engineId } from './engine-id.js';
import { readArgs } from './args.js';

export interface ParsedArgs {
  readonly positionals: readonly string[];
  readonly flags: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, string>;
}

/** Reads argv with the CLI's one argument reader (./args.ts) and checks each option against the command's own. */
export function parseCommandArgs(
  argv: readonly string[],
  spec: { readonly flags: readonly string[]; readonly values: readonly string[] },
): ParsedArgs | { readonly error: string } {
  const read = readArgs(argv, new Set(spec.values));
  if (!read.ok) return { error: read.message };
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (const option of read.args.options) {
    if (option.value === null && spec.flags.includes(option.name)) {
      flags.add(option.name);
    } else if (option.value !== null) {
      if (values.has(option.name)) return { error: `--${option.name} is given twice` };
      values.set(option.name, option.value);
    } else {
      const known = [...spec.flags, ...spec.values].map((n) => `--${n}`);
      return {
        error:
          `unknown option ${JSON.stringify(option.raw)}` +
          `${known.length === 0 ? '' : ` (options: ${known.join(', ')})`}`,
      };
    }
  }
  return { positionals: read.args.positionals, flags, values };
}

/** What the dispatcher passes on (src/cli/run.ts CliSettings): the build id for verification marks. */
export interface CommandSettings {
  /** Default the bundle's own (./engine-id.ts); null for none. */
  readonly engineId?: string | null;
}

export const engineIdOf = (settings: CommandSettings): string | null =>
  settings.engineId === undefined ? engineId : settings.engineId;
