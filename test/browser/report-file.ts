// The report of a bundled game, written by the command line into a temporary directory for a browser to open.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { EXAMPLES } from '../report/support.js';

/** `report` of examples/NAME into a new directory (added to `dirs`, for the caller to remove); the page's path. */
export async function writtenReport(name: string, dirs: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'awaw-report-'));
  dirs.push(dir);
  const file = join(dir, name.replace(/\.jsonl$/, '.html'));
  const io = memoryIo();
  expect(await runCli(['report', `${EXAMPLES}${name}`, '--out', file], io, { engineId: null }), io.stderr).toBe(0);
  return file;
}
