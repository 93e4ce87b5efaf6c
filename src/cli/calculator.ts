// Runs one contract calculator (its JSON contract, held by test/cli/): read JSON, validate, compute, print, exit 0/1/2.
import type { CalculatorContract } from '../rules/calculators.js';
import { parseJsonText } from '../schema/json-text.js';
import { InputError, memberPath } from '../schema/validate.js';
import type { RulingOptions } from '../rules/options.js';
import type { CommandHelp } from './help-types.js';
import { InputTooLargeError, MAX_INPUT_BYTES, type CliIo, type ExitCode } from './io.js';
import { decodeUtf8 } from './utf8.js';

/** A calculator's contract (src/rules/calculators.ts) with what the command line adds. */
export interface CalculatorSpec<I, O> extends CalculatorContract<I, O> {
  /** `awaw-surrender help NAME`: usage, input fields, options, an example. */
  readonly help: CommandHelp;
  /** The readable table with rule numbers. */
  readonly render: (output: O, input: I, options: RulingOptions) => string;
}

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Keeps a report on one line: control characters (a line break in a file name or in quoted input) are escaped. */
export const oneLine = (text: string): string =>
  text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * Parses a JSON document, turning a syntax error into an InputError at `$`, and a number JSON.parse would change
 * into one at its path (src/schema/json-text.ts). A leading byte order mark is ignored (RFC 8259 allows it;
 * Windows editors write one).
 */
export function parseJson(text: string): unknown {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') throw new InputError('$', 'not valid JSON (the input is empty)');
  try {
    return parseJsonText(body);
  } catch (error) {
    if (error instanceof InputError) throw error;
    // V8 quotes the offending text in its message, line breaks included: keep the report on one line.
    throw new InputError('$', oneLine(`not valid JSON (${error instanceof Error ? error.message : String(error)})`));
  }
}

/** The largest integer a JSON number carries exactly (2^53 - 1); beyond it counts and levels lose their meaning. */
const LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * docs/cli.md, exit 2 for "a number out of range": every number in the contract's inputs is an integer,
 * and one beyond +/-(2^53 - 1) cannot be computed with exactly (sums would round or overflow to Infinity).
 */
export function outOfRange(value: unknown, path = ''): InputError | null {
  if (typeof value === 'number') {
    return Math.abs(value) > LIMIT
      ? new InputError(path === '' ? '$' : path, `out of range (expected a magnitude of at most ${LIMIT})`)
      : null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const issue = outOfRange(item, `${path}[${i}]`);
      if (issue !== null) return issue;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const issue = outOfRange(item, memberPath(path, key));
      if (issue !== null) return issue;
    }
  }
  return null;
}

export function reportInputError(io: CliIo, error: InputError, json: boolean): ExitCode {
  io.err(oneLine(`${error.path}: ${error.detail}`));
  if (json) io.out(JSON.stringify({ error: { path: error.path, message: error.detail } }));
  return 2;
}

/** One JSON document from a file or standard input (`-`), read up to MAX_INPUT_BYTES; an InputError otherwise. */
export async function readJsonInput(source: string, io: CliIo): Promise<unknown> {
  let bytes: Uint8Array;
  try {
    bytes = await io.readInput(source, MAX_INPUT_BYTES);
  } catch (error) {
    if (error instanceof InputTooLargeError)
      throw new InputError(
        '$',
        `the input is larger than ${error.limit / (1024 * 1024)} ` +
          `MiB (${error.limit} bytes), the most one input document may be`,
      );
    // Loaded on this failure only: a calculator call that reads its input loads nothing of the store.
    const { systemWords } = await import('../store/file/fs-error.js');
    const words = systemWords((error as NodeJS.ErrnoException).code);
    throw new InputError('$', `cannot read ${source === '-' ? 'standard input' : source}: ${words}`);
  }
  return parseJson(decodeUtf8(bytes));
}

export async function runCalculator<I, O>(
  spec: CalculatorSpec<I, O>,
  source: string,
  json: boolean,
  options: RulingOptions,
  io: CliIo,
): Promise<ExitCode> {
  let input: I;
  try {
    input = spec.input.parse(await readJsonInput(source, io));
    const issue = outOfRange(input) ?? spec.refine?.(input) ?? null;
    if (issue !== null) throw issue;
  } catch (error) {
    if (error instanceof InputError) return reportInputError(io, error, json);
    throw error;
  }
  const output = spec.compute(input, options);
  io.out(json ? JSON.stringify(output, null, 2) : spec.render(output, input, options));
  return spec.exitCode?.(output) ?? 0;
}
