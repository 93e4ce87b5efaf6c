// Shared fuzzing code: the run budget and seed, mutations of JSON documents and of log files, an independent
// reference check of a log's hash chain, and the checks every CLI answer must pass.
//
//   FUZZ_RUNS  inputs in all, shared out between the fuzz test files (default 300: `npm test`;
//              `npm run fuzz` sets 10000)
//   FUZZ_SEED  fast-check's seed (default: a new one each run, taken from the clock); printed when a file starts,
//              and a failure prints it with the shrunk counterexample: FUZZ_SEED=N replays the run
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { resealedLog } from './resealed-log.js';

export const FUZZ_RUNS = Math.max(1, Number(process.env['FUZZ_RUNS'] ?? 300));
export const FUZZ_SEED = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2 ** 31);
console.log(`fuzz: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS} (set FUZZ_SEED to replay this run)`);
/** The most one input may take before it counts as a hang (generous: the machines are shared). */
export const PER_INPUT_MS = Number(process.env['FUZZ_INPUT_MS'] ?? 10_000);

/** fast-check parameters for a target that gets `share` of the budget; `examples` run first, whatever the seed. */
export function fuzzParameters<T>(share: number, examples: T[] = []): fc.Parameters<T> {
  return {
    numRuns: Math.max(1, Math.round(FUZZ_RUNS * share)),
    seed: FUZZ_SEED,
    timeout: PER_INPUT_MS,
    endOnFailure: false,
    examples,
  };
}

/** Counts inputs per target; `report` prints them once the file's tests are done. */
export class Tally {
  readonly #counts = new Map<string, { tried: number; refused: number }>();
  constructor(readonly file: string) {}
  add(target: string, refused: boolean): void {
    const entry = this.#counts.get(target) ?? { tried: 0, refused: 0 };
    entry.tried += 1;
    if (refused) entry.refused += 1;
    this.#counts.set(target, entry);
  }
  /** Inputs of `target` that were not refused. */
  accepted(target: string): number {
    const entry = this.#counts.get(target);
    return entry === undefined ? 0 : entry.tried - entry.refused;
  }
  get total(): number {
    return [...this.#counts.values()].reduce((sum, e) => sum + e.tried, 0);
  }
  report(): string {
    const lines = [...this.#counts].map(
      ([t, e]) => `  ${t}: ${e.tried} inputs, ${e.refused} of them refused or found damaged`,
    );
    return [
      `fuzz ${this.file}: ${this.total} generated inputs (FUZZ_RUNS=${FUZZ_RUNS}, FUZZ_SEED=${FUZZ_SEED})`,
      ...lines,
    ].join('\n');
  }
}

// ---------------------------------------------------------------------------------------------------------
// JSON documents

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type Path = readonly (string | number)[];

/** Every path in a document, the root included. */
export function pathsOf(value: Json, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(value)) for (const [i, item] of value.entries()) out.push(...pathsOf(item, [...at, i]));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v as Json, [...at, k]));
  return out;
}

/** A copy of `doc` with the value at `path` replaced (`undefined`: removed). */
export function setAt(doc: Json, path: Path, value: Json | undefined): Json | undefined {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(doc)) {
    const copy: (Json | undefined)[] = [...(doc as readonly Json[])];
    const i = head as number;
    const next = setAt(copy[i] ?? null, rest, value);
    if (next === undefined) copy.splice(i, 1);
    else copy[i] = next;
    return copy as Json[];
  }
  if (typeof doc === 'object' && doc !== null) {
    const copy: Record<string, Json> = { ...(doc as Record<string, Json>) };
    const key = head as string;
    const next = setAt(copy[key] ?? null, rest, value);
    if (next === undefined) delete copy[key];
    else copy[key] = next;
    return copy;
  }
  return doc;
}

/** Values that break a schema in every way it can be broken: types, ranges, NaN-like text, odd keys. */
export const weirdValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -1,
    1,
    0.5,
    -0.5,
    1e308,
    -1e308,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 63),
    1e21,
    1e-7,
    5e-324,
    '',
    ' ',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '0x10',
    '1_000',
    '+1',
    '−1',
    'null',
    'true',
    '__proto__',
    'constructor',
    '\u0000',
    '\n',
    '\u2028',
    '\uD800',
    '💥',
    'ｇｅｒｍａｎｙ',
    [],
    {},
    [null],
    { '': null },
    { __proto__: null } as Json,
  ),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

export const weirdKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    ' ',
    'extra',
    '0',
    'naval[0]',
    '$',
    'a.b',
  ),
  fc.string({ maxLength: 12 }),
);

/** Text spliced into a document where a value goes: deep nesting, numbers JSON cannot hold exactly. */
export const weirdValueText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 50, max: 200_000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  fc.integer({ min: 50, max: 50_000 }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`),
  fc.constantFrom(
    '1e999',
    '-1e999',
    '123456789012345678901234567890',
    '0.0000000000000000000000001',
    '-0',
    '1E400',
    '9007199254740993',
  ),
);

const PLACEHOLDER = '\u0000fuzz-placeholder\u0000';

/** One mutation of a valid JSON document, as the text a user might feed the CLI. */
export function mutatedDocument(valid: Json): fc.Arbitrary<{ readonly how: string; readonly text: string }> {
  const paths = pathsOf(valid);
  const text = JSON.stringify(valid);
  const path = fc.constantFrom(...paths);
  const objectPaths = paths.filter((p) => {
    let v: Json | undefined = valid;
    for (const k of p) v = v === null || typeof v !== 'object' ? undefined : (v as Record<string | number, Json>)[k];
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  });
  const keep = (how: string, t: string) => ({ how, text: t });
  return fc.oneof(
    fc
      .tuple(path, weirdValue)
      .map(([p, v]) => keep(`set ${p.join('.')}`, JSON.stringify(setAt(valid, p, v)) ?? 'null')),
    path
      .filter((p) => p.length > 0)
      .map((p) => keep(`delete ${p.join('.')}`, JSON.stringify(setAt(valid, p, undefined)) ?? 'null')),
    fc
      .tuple(fc.constantFrom(...objectPaths), weirdKey, weirdValue)
      .map(([p, k, v]) => keep(`add ${[...p, k].join('.')}`, JSON.stringify(setAt(valid, [...p, k], v)) ?? 'null')),
    fc
      .tuple(path, weirdValueText)
      .map(([p, v]) =>
        keep(
          `splice at ${p.join('.')}`,
          (JSON.stringify(setAt(valid, p, PLACEHOLDER)) ?? '').replace(JSON.stringify(PLACEHOLDER), v),
        ),
      ),
    fc.nat({ max: text.length }).map((n) => keep(`truncate at ${n}`, text.slice(0, n))),
    fc
      .tuple(fc.nat({ max: text.length }), fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }))
      .map(([n, s]) => keep(`insert at ${n}`, text.slice(0, n) + s + text.slice(n))),
    fc.string({ unit: 'binary', maxLength: 200 }).map((s) => keep('random text', s)),
    fc.uint8Array({ maxLength: 200 }).map((b) => keep('random bytes', Buffer.from(b).toString('utf8'))),
    fc.constantFrom(
      keep('bom', `\uFEFF${text}`),
      keep('trailing garbage', `${text} x`),
      keep('two documents', `${text}\n${text}`),
      keep('duplicate key', text.replace(/^\{/, '{"__dup":1,').replace(/\}$/, ',"__dup":2}')),
      keep('array of it', `[${text}]`),
      keep('empty', ''),
      keep('whitespace', ' \n\t '),
      keep('null', 'null'),
      keep('number', '42'),
      keep('string', '"text"'),
      keep('unchanged', text),
    ),
  );
}

/** Each call's answer: exit code, and what it wrote. */
export interface CliAnswer {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** What every answer must be: a known exit code, and no stack trace or internal error on either stream. */
export function expectTypedAnswer(answer: CliAnswer): void {
  expect([0, 1, 2]).toContain(answer.code);
  for (const stream of [answer.stdout, answer.stderr]) {
    expect(stream).not.toMatch(/^\s+at .+[(:]\d+/m);
    expect(stream).not.toMatch(/internal error|(^|\n)[A-Za-z]*Error: /);
  }
}

/** Exit 2: exactly one line on standard error, `path: message`; with --json, the error document on stdout. */
export function expectUsageOrInputError(answer: CliAnswer, json: boolean): void {
  expect(answer.code).toBe(2);
  const lines = answer.stderr.replace(/\n$/, '').split('\n');
  expect(lines).toHaveLength(1);
  if (json) {
    const doc = JSON.parse(answer.stdout) as { error?: { path?: unknown; message?: unknown } };
    expect(Object.keys(doc)).toEqual(['error']);
    expect(typeof doc.error?.path).toBe('string');
    expect(typeof doc.error?.message).toBe('string');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Log files

const GENESIS = '0'.repeat(64);
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * An independent check of a log (docs/log-format.md, "Checking a log by hand"): valid UTF-8, every line ending
 * in `\n`, a header of the format, every seal chained, seq 1..n. Schemas are not checked: no mutation below
 * produces a correctly chained line with a bad payload (the re-sealed edits keep each payload to its schema).
 * The count of events when intact, else null.
 */
export function referenceEvents(bytes: Buffer): number | null {
  if (bytes.length === 0 || bytes[bytes.length - 1] !== 0x0a) return null;
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return null;
  const lines = text.slice(0, -1).split('\n');
  let prev = GENESIS;
  for (const [i, line] of lines.entries()) {
    const body = `${line.slice(0, -75)}}`;
    const hash = line.slice(-66, -2);
    if (line.slice(-75, -66) !== ',"hash":"' || !line.endsWith('"}') || sha256(prev + body) !== hash) return null;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch {
      return null;
    }
    if (typeof doc !== 'object' || doc === null) return null;
    if (i === 0 && (doc as { format?: unknown }).format !== 'awaw-surrender-log') return null;
    if (i > 0 && (doc as { seq?: unknown }).seq !== i) return null;
    prev = hash;
  }
  return lines.length - 1;
}

const splitLines = (bytes: Buffer): Buffer[] => {
  const out: Buffer[] = [];
  let start = 0;
  for (;;) {
    const end = bytes.indexOf(0x0a, start);
    if (end < 0) break;
    out.push(bytes.subarray(start, end + 1));
    start = end + 1;
  }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
};

/** Mutations of a log file: byte flips, cuts, lines duplicated, deleted, swapped, taken from another log, garbage. */
export function mutatedLog(
  base: Buffer,
  other: Buffer,
): fc.Arbitrary<{ readonly how: string; readonly bytes: Buffer }> {
  const lines = splitLines(base);
  const foreign = splitLines(other);
  const offset = fc.nat({ max: base.length - 1 });
  const lineIndex = fc.nat({ max: lines.length - 1 });
  const keep = (how: string, bytes: Buffer) => ({ how, bytes });
  const withLines = (how: string, edit: (copy: Buffer[]) => void) => {
    const copy = [...lines];
    edit(copy);
    return keep(how, Buffer.concat(copy));
  };
  const one: fc.Arbitrary<{ readonly how: string; readonly bytes: Buffer }> = fc.oneof(
    fc.tuple(offset, fc.integer({ min: 0, max: 255 })).map(([o, b]) => {
      const copy = Buffer.from(base);
      copy[o] = b;
      return keep(`byte ${o} := ${b}`, copy);
    }),
    fc.tuple(offset, fc.integer({ min: 0, max: 7 })).map(([o, bit]) => {
      const copy = Buffer.from(base);
      copy[o] = (copy[o] ?? 0) ^ (1 << bit);
      return keep(`byte ${o} bit ${bit} flipped`, copy);
    }),
    fc.nat({ max: base.length }).map((n) => keep(`truncated to ${n} bytes`, base.subarray(0, n))),
    fc
      .tuple(lineIndex, lineIndex)
      .map(([i, j]) => withLines(`line ${i + 1} repeated at ${j + 1}`, (c) => c.splice(j, 0, lines[i] as Buffer))),
    lineIndex.map((i) => withLines(`line ${i + 1} deleted`, (c) => c.splice(i, 1))),
    fc.tuple(lineIndex, lineIndex).map(([i, j]) =>
      withLines(`lines ${i + 1} and ${j + 1} swapped`, (c) => {
        c[i] = lines[j] as Buffer;
        c[j] = lines[i] as Buffer;
      }),
    ),
    fc
      .tuple(lineIndex, fc.nat({ max: foreign.length - 1 }), fc.boolean())
      .map(([i, f, replace]) =>
        withLines(`line ${f + 1} of another log ${replace ? 'replaces' : 'inserted at'} line ${i + 1}`, (c) =>
          c.splice(i, replace ? 1 : 0, foreign[f] as Buffer),
        ),
      ),
    fc
      .tuple(fc.nat({ max: base.length }), fc.uint8Array({ minLength: 1, maxLength: 64 }))
      .map(([o, g]) =>
        keep(
          `${g.length} random bytes inserted at ${o}`,
          Buffer.concat([base.subarray(0, o), Buffer.from(g), base.subarray(o)]),
        ),
      ),
    fc.uint8Array({ maxLength: 512 }).map((g) => keep(`${g.length} random bytes`, Buffer.from(g))),
    fc.constantFrom(
      keep('unchanged', base),
      keep('empty file', Buffer.alloc(0)),
      keep('CRLF line ends', Buffer.from(base.toString('latin1').replace(/\n/g, '\r\n'), 'latin1')),
      keep('byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), base])),
      keep('no final line break', base.subarray(0, base.length - 1)),
      keep('blank line at the end', Buffer.concat([base, Buffer.from('\n')])),
      keep('another log appended', Buffer.concat([base, other])),
      keep('header only', lines[0] as Buffer),
    ),
  );
  const damaged = one.chain((first) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(first) },
      // A second mutation on top of the first one: the file as a crash and an editor might leave it.
      {
        weight: 1,
        arbitrary: mutatedLog2(first.bytes).map((second) => ({
          how: `${first.how}, then ${second.how}`,
          bytes: second.bytes,
        })),
      },
    ),
  );
  return fc.oneof(
    { weight: 6, arbitrary: damaged },
    { weight: 1, arbitrary: fc.constant(keep('intact', base)) },
    { weight: 2, arbitrary: resealedLog(base) },
  );
}

/** A simpler second mutation over any bytes. */
function mutatedLog2(bytes: Buffer): fc.Arbitrary<{ readonly how: string; readonly bytes: Buffer }> {
  if (bytes.length === 0) return fc.constant({ how: 'nothing', bytes });
  return fc.oneof(
    fc.nat({ max: bytes.length }).map((n) => ({ how: `truncated to ${n} bytes`, bytes: bytes.subarray(0, n) })),
    fc.tuple(fc.nat({ max: bytes.length - 1 }), fc.integer({ min: 0, max: 255 })).map(([o, b]) => {
      const copy = Buffer.from(bytes);
      copy[o] = b;
      return { how: `byte ${o} := ${b}`, bytes: copy };
    }),
  );
}
