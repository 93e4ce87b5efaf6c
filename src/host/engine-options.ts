// The options SurrenderEngine.open and resume take, read once and checked: anything but a boolean or nothing is
// an InputError naming the option.
import { InputError } from '../schema/validate.js';

export interface EngineOptions {
  /** Check every line as it is read (default true). */
  readonly validate?: boolean;
  /** Re-derive every rule decision read and keep the ones that no longer match in `mismatches` (default false). */
  readonly checkDecisions?: boolean;
}

/** The options, each read once: anything but a boolean or nothing is an InputError naming the option. */
export function settingsOf(options: unknown): Required<EngineOptions> {
  if (options === undefined) return { validate: true, checkDecisions: false };
  if (typeof options !== 'object' || options === null)
    throw new InputError('options', 'expected an object { validate?, checkDecisions? }');
  const flag = (name: keyof EngineOptions, fallback: boolean): boolean => {
    let given: unknown;
    try {
      given = Reflect.get(options, name);
    } catch {
      throw new InputError(`options.${name}`, 'cannot be read (a getter or Proxy threw)');
    }
    if (given !== undefined && typeof given !== 'boolean')
      throw new InputError(`options.${name}`, 'expected true or false');
    return given ?? fallback;
  };
  return { validate: flag('validate', true), checkDecisions: flag('checkDecisions', false) };
}
