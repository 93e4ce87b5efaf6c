// Running `awaw-surrender german-surrender` in process (runCli + memoryIo) for the CLI tests of rule 55.1: its
// input document, a run with or without --json, and the one-line refusal of a malformed document.
import { expect } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';

export type Input = {
  berlin: 'axis' | 'allied' | 'atomic';
  germanDpTotal: number;
  germanyControlsBerchtesgaden: boolean;
  germanCitiesFirestormed: number;
  atomicAttacksOnGermany: number;
  allGermanHexesAlliedOrAtomic: boolean;
};

export const input = (over: Partial<Input> = {}): Input => ({
  berlin: 'allied',
  germanDpTotal: -1,
  germanyControlsBerchtesgaden: false,
  germanCitiesFirestormed: 1,
  atomicAttacksOnGermany: 0,
  allGermanHexesAlliedOrAtomic: false,
  ...over,
});

export async function run(document: unknown, options: { json?: boolean; raw?: boolean } = {}) {
  const text = options.raw === true ? (document as string) : JSON.stringify(document);
  const io = memoryIo({ 'in.json': text });
  const code = await runCli(['german-surrender', ...(options.json === false ? [] : ['--json']), 'in.json'], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

export async function runArgs(argv: string[], files: Record<string, string> = { 'in.json': JSON.stringify(input()) }) {
  const io = memoryIo(files);
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** Exit 2: exactly one line on stderr, `path: message`, and with --json the same error on stdout. */
export async function rejected(document: unknown, raw = false) {
  const r = await run(document, { raw });
  expect(r.code).toBe(2);
  expect(r.stderr.endsWith('\n')).toBe(true);
  expect(r.stderr.slice(0, -1).split('\n')).toHaveLength(1);
  const parsed = JSON.parse(r.stdout) as { error: { path: string; message: string } };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(Object.keys(parsed.error)).toEqual(['path', 'message']);
  expect(r.stderr).toBe(`${parsed.error.path}: ${parsed.error.message}\n`);
  return parsed.error;
}
