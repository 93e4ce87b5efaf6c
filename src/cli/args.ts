// The command line's own argument reader: options anywhere before `--`, as `--name value` or `--name=value`.
// Its errors are written by the caller, naming the option and the command (never node:util's wording).

/** One option as given: `name` without its dashes (`json`, `expect-head`, `h`), `value` null for a flag. */
export interface GivenOption {
  readonly name: string;
  readonly value: string | null;
  /** As typed, for messages: `--json=1`, `-x`. */
  readonly raw: string;
}

export interface ReadArgs {
  readonly options: readonly GivenOption[];
  readonly positionals: readonly string[];
}

export type ReadArgsResult =
  | { readonly ok: true; readonly args: ReadArgs }
  | { readonly ok: false; readonly message: string };

/**
 * Splits `argv` into options and positionals. `withValue` names the options that take a value (the next
 * argument, or what follows `=`); every other option is a flag, and a flag given a value is refused. `-` is a
 * positional (standard input); after `--` everything is.
 */
export function readArgs(argv: readonly string[], withValue: ReadonlySet<string>): ReadArgsResult {
  const options: GivenOption[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    const long = arg.startsWith('--');
    const body = arg.slice(long ? 2 : 1);
    const eq = long ? body.indexOf('=') : -1;
    const name = eq < 0 ? body : body.slice(0, eq);
    const inline = eq < 0 ? null : body.slice(eq + 1);
    if (!withValue.has(name)) {
      if (inline !== null)
        return { ok: false, message: `${long ? '--' : '-'}${name} takes no value (given ${JSON.stringify(arg)})` };
      options.push({ name, value: null, raw: arg });
      continue;
    }
    if (inline !== null) {
      options.push({ name, value: inline, raw: arg });
      continue;
    }
    const next = argv[i + 1];
    // Another option is not taken as this one's value (`--option --json`): `--name=VALUE` passes such a value.
    if (next === undefined || (next.startsWith('-') && next !== '-'))
      return {
        ok: false,
        message:
          `--${name} needs a value` +
          `${next === undefined ? '' : ` (found ${next}; write --${name}=VALUE for a value that starts with -)`}`,
      };
    options.push({ name, value: next, raw: `${arg} ${next}` });
    i += 1;
  }
  return { ok: true, args: { options, positionals } };
}
