// Runs one contract calculator (../shared/CONTRACT.md): read JSON, validate, compute, print, exit 0/1/2.
import { InputError, type Validator } from '../schema/validate.js';
import type { CliIo, ExitCode } from './io.js';

export interface CalculatorSpec<I, O> {
  readonly name: string;
  /** The rule section it applies, e.g. `59.2`. */
  readonly rule: string;
  readonly summary: string;
  readonly input: Validator<I>;
  /** Checks beyond the schema that still make the input malformed (exit 2): repeats, unknown names, ranges. */
  readonly refine?: (input: I) => InputError | null;
  readonly compute: (input: I) => O;
  /** 1 when the decision described breaks a rule (validators only). */
  readonly exitCode?: (output: O) => 0 | 1;
  /** The readable table with rule numbers. */
  readonly render: (output: O, input: I) => string;
}

/** Parses a JSON document, turning a syntax error into an InputError at `$`. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputError('$', `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

export function reportInputError(io: CliIo, error: InputError, json: boolean): ExitCode {
  io.err(`${error.path}: ${error.detail}`);
  if (json) io.out(JSON.stringify({ error: { path: error.path, message: error.detail } }));
  return 2;
}

export async function runCalculator<I, O>(spec: CalculatorSpec<I, O>, source: string, json: boolean, io: CliIo): Promise<ExitCode> {
  let text: string;
  try {
    text = await io.readInput(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return reportInputError(io, new InputError('$', `cannot read ${source === '-' ? 'standard input' : source} (${code})`), json);
  }
  let input: I;
  try {
    input = spec.input.parse(parseJson(text));
    const issue = spec.refine?.(input) ?? null;
    if (issue !== null) throw issue;
  } catch (error) {
    if (error instanceof InputError) return reportInputError(io, error, json);
    throw error;
  }
  const output = spec.compute(input);
  io.out(json ? JSON.stringify(output, null, 2) : spec.render(output, input));
  return spec.exitCode?.(output) ?? 0;
}
