// Event-log commands: replay, audit, verify.
import type { CliIo, ExitCode } from './io.js';

export interface LogCommandOptions {
  readonly json: boolean;
  readonly repair: boolean;
}

export interface LogCommand {
  readonly name: string;
  readonly summary: string;
  run(path: string, options: LogCommandOptions, io: CliIo): Promise<ExitCode>;
}

export const logCommands: readonly LogCommand[] = [];
