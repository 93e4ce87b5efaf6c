// The registry of CLI calculators (../shared/CONTRACT.md). One line per command.
import { runCalculator, type CalculatorSpec } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';
import { germanSurrenderCommand } from './german-surrender.js';

export interface CalculatorCommand {
  readonly name: string;
  readonly rule: string;
  readonly summary: string;
  run(source: string, json: boolean, io: CliIo): Promise<ExitCode>;
}

/** Erases a spec's input and output types so that specs of different types share one list. */
const calculator = <I, O>(spec: CalculatorSpec<I, O>): CalculatorCommand => ({
  name: spec.name,
  rule: spec.rule,
  summary: spec.summary,
  run: (source, json, io) => runCalculator(spec, source, json, io),
});

export const calculators: readonly CalculatorCommand[] = [
  calculator(germanSurrenderCommand),
  // calculators: add new ones above this line
];
