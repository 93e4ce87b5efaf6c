#!/usr/bin/env node
// Entry point of the `awaw-surrender` command. All I/O happens here and in ./io.ts.
import { processIo } from './io.js';
import { runCli } from './run.js';

runCli(process.argv.slice(2), processIo).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // An engine defect, not bad input: one line, never a stack trace (docs/cli.md).
    process.stderr.write(`internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
