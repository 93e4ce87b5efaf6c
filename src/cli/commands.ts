// The registry of CLI calculators (their fixed JSON contract, held by test/cli/). One line per command.
import { runCalculator, type CalculatorSpec } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';
import type { CommandHelp } from './help-types.js';
import type { RulingOptionName, RulingOptions } from '../rules/options.js';
import { italianSurrenderCommand } from './italian-surrender.js';
import { germanSurrenderCommand } from './german-surrender.js';
import { britishResistanceCommand } from './british-resistance.js';
import { concessionsCommand } from './concessions.js';
import { forceReductionCommand } from './force-reduction.js';

export interface CalculatorCommand {
  readonly name: string;
  readonly rule: string;
  readonly summary: string;
  readonly help: CommandHelp;
  /** The ruling options it takes as `--option NAME=VALUE`. */
  readonly options: readonly RulingOptionName[];
  run(source: string, json: boolean, options: RulingOptions, io: CliIo): Promise<ExitCode>;
}

/** Erases a spec's input and output types so that specs of different types share one list. */
const calculator = <I, O>(spec: CalculatorSpec<I, O>): CalculatorCommand => ({
  name: spec.name,
  rule: spec.rule,
  summary: spec.summary,
  help: spec.help,
  options: spec.options,
  run: (source, json, options, io) => runCalculator(spec, source, json, options, io),
});

export const calculators: readonly CalculatorCommand[] = [
  calculator(germanSurrenderCommand),
  calculator(britishResistanceCommand),
  calculator(italianSurrenderCommand),
  calculator(concessionsCommand),
  calculator(forceReductionCommand),
  // calculators: add new ones above this line
];
