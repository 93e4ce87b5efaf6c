// `--option NAME=VALUE` on a calculator: the ruling options a game fixes in host.game-started (docs/rulings.md),
// each given only to the calculators whose result it changes; the JSON input stays as the contract fixes it.
import {
  defaultRulingOptions,
  rulingOptionValues,
  type RulingOptionName,
  type RulingOptions,
} from '../rules/options.js';

const isOptionName = (name: string): name is RulingOptionName => Object.hasOwn(rulingOptionValues, name);

/** `usat30to39WhenUsAtWar=counts|ignored`: the option with its values, the default first. */
export const optionForm = (name: RulingOptionName): string => `${name}=${rulingOptionValues[name].join('|')}`;

/** What a calculator takes, for messages: `british-resistance takes --option usat30to39WhenUsAtWar=counts|ignored`. */
export function takesOptions(command: string, applies: readonly RulingOptionName[]): string {
  return applies.length === 0
    ? `${command} takes no --option`
    : `${command} takes ${applies.map((n) => `--option ${optionForm(n)}`).join(', ')}`;
}

export type OptionsResult =
  | { readonly ok: true; readonly options: RulingOptions }
  | { readonly ok: false; readonly message: string };

/** The defaults with the given `NAME=VALUE` texts applied; a usage error names the option and what is allowed. */
export function readRulingOptions(
  command: string,
  applies: readonly RulingOptionName[],
  given: readonly string[],
): OptionsResult {
  const chosen: Partial<Record<RulingOptionName, string>> = {};
  const takes = takesOptions(command, applies);
  for (const text of given) {
    const eq = text.indexOf('=');
    if (eq < 0) return { ok: false, message: `--option ${JSON.stringify(text)}: expected NAME=VALUE (${takes})` };
    const name = text.slice(0, eq);
    const value = text.slice(eq + 1);
    if (!isOptionName(name)) {
      return {
        ok: false,
        message:
          `--option ${JSON.stringify(name)}: no such ruling option (the options are ` +
          `${Object.keys(rulingOptionValues).join(', ')}; ${takes})`,
      };
    }
    if (!applies.includes(name))
      return { ok: false, message: `--option ${name} does not apply to ${command} (${takes})` };
    const allowed: readonly string[] = rulingOptionValues[name];
    if (!allowed.includes(value))
      return { ok: false, message: `--option ${name}=${JSON.stringify(value)}: expected ${allowed.join(' or ')}` };
    if (chosen[name] !== undefined) return { ok: false, message: `--option ${name} is given twice` };
    chosen[name] = value;
  }
  // Each value was checked against its option's list above.
  return { ok: true, options: { ...defaultRulingOptions, ...chosen } as RulingOptions };
}
