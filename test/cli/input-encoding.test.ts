// The calculators read UTF-8 (RFC 8259, docs/cli.md): bytes that are not UTF-8 are malformed input, exit 2
// naming the offset of the first bad byte, never decoded as U+FFFD and computed with (the log reader refuses
// them as well, docs/log-format.md).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { firstInvalidSequence } from '../../src/schema/utf8.js';
import { forceReductionExample } from '../support/calculator-examples.js';
import { ensureBuilt, ROOT } from '../support/build.js';

/** The force-reduction example with unit `raf-1` renamed, in both places, to `raf-` followed by `bytes`. */
function withUnitName(bytes: readonly number[]): { readonly input: Buffer; readonly offset: number } {
  const text = JSON.stringify(forceReductionExample);
  const [before, ...rest] = text.split('raf-1');
  const parts = [Buffer.from(before as string)];
  for (const part of rest) parts.push(Buffer.from('raf-'), Buffer.from(bytes), Buffer.from(part));
  return { input: Buffer.concat(parts), offset: Buffer.byteLength(before as string) + 4 };
}

async function run(input: Buffer, json: boolean) {
  const io = memoryIo({ 'in.json': input });
  const code = await runCli(['force-reduction', ...(json ? ['--json'] : []), 'in.json'], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'awaw-encoding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('calculator input that is not UTF-8', () => {
  it('59.51: a 0xff byte in a unit name is exit 2 naming its offset, not a unit named with U+FFFD', async () => {
    const { input, offset } = withUnitName([0xff]);
    expect(await run(input, false)).toEqual({
      code: 2,
      stdout: '',
      stderr: `$: not valid UTF-8: byte 0xff at offset ${offset}\n`,
    });
    const message = `not valid UTF-8: byte 0xff at offset ${offset}`;
    expect(await run(input, true)).toEqual({
      code: 2,
      stdout: `${JSON.stringify({ error: { path: '$', message } })}\n`,
      stderr: `$: not valid UTF-8: byte 0xff at offset ${offset}\n`,
    });
    // The same name in valid UTF-8 is a unit like any other.
    expect((await run(withUnitName([0xc3, 0xbf]).input, false)).code).toBe(0);
  });

  it(
    'every ill-formed sequence of Unicode table 3-7 is ' +
      'refused at the offset where it starts; well-formed ones pass',
    async () => {
      const cases: readonly (readonly [string, readonly number[], string | null])[] = [
        ['a stray continuation byte', [0x80], '0x80'],
        ['an overlong two-byte form', [0xc0, 0xaf], '0xc0'],
        ['an overlong three-byte form', [0xe0, 0x80, 0xaf], '0xe0'],
        ['an overlong four-byte form', [0xf0, 0x80, 0x80, 0xaf], '0xf0'],
        ['a UTF-16 surrogate', [0xed, 0xa0, 0x80], '0xed'],
        ['beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80], '0xf4'],
        ['a lead byte no character starts with', [0xf5, 0x80, 0x80, 0x80], '0xf5'],
        ['a sequence cut short', [0xe2, 0x82], '0xe2'],
        ['Latin-1 text', [0xe9], '0xe9'],
        ['ÿ', [0xc3, 0xbf], null],
        ['€', [0xe2, 0x82, 0xac], null],
        ['U+10FFFF', [0xf4, 0x8f, 0xbf, 0xbf], null],
        ['an emoji', [0xf0, 0x9f, 0x92, 0xa5], null],
      ];
      for (const [how, bytes, byte] of cases) {
        const { input, offset } = withUnitName(bytes);
        const answer = await run(input, false);
        if (byte === null) expect([how, answer.code]).toEqual([how, 0]);
        else
          expect([how, answer.code, answer.stderr]).toEqual([
            how,
            2,
            `$: not valid UTF-8: byte ${byte} at offset ${offset}\n`,
          ]);
      }
      expect(firstInvalidSequence(Buffer.from('plain'))).toBe(5);
    },
  );

  it('a byte order mark is still ignored', async () => {
    const input = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(forceReductionExample))]);
    expect((await run(input, true)).code).toBe(0);
  });

  it('the bin refuses it from a file and from standard input alike', () => {
    ensureBuilt();
    const { input, offset } = withUnitName([0xff]);
    const file = join(dir, 'latin.json');
    writeFileSync(file, input);
    const bin = join(ROOT, 'dist/awaw-surrender.cjs');
    const expected = `$: not valid UTF-8: byte 0xff at offset ${offset}\n`;
    for (const [args, stdin] of [
      [['force-reduction', file], undefined],
      [['force-reduction', '-'], input],
    ] as const) {
      const answer = spawnSync(process.execPath, [bin, ...args], { input: stdin, encoding: 'utf8', timeout: 30_000 });
      expect([answer.status, answer.stdout, answer.stderr]).toEqual([2, '', expected]);
    }
  });
});
