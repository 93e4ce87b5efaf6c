// `replay` and `audit` with verification marks (src/store/file/verified-mark.ts): a clean pass writes
// LOG.verified.json; a later run by the same build trusts the bytes it vouches for and fully checks only what was
// appended. The invariant: a mark never changes a verdict. Whatever the log holds, replay and audit print and exit
// exactly as they do with `--full`.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { buildExample, deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { GENESIS_HASH, sealLine } from '../../src/store/line-format.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { MARK_FORMAT, markPathOf, readVerifiedMark, writeVerifiedMark } from '../../src/store/file/verified-mark.js';

const ENGINE = 'test-engine-1';

let dir = '';
let seaLionText = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'awaw-mark-'));
  const path = join(dir, 'sea-lion-1941.jsonl');
  await buildExample(seaLion1941(), path);
  seaLionText = await readFile(path, 'utf8');
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let copies = 0;
async function writeLog(text: string | Buffer): Promise<string> {
  const path = join(dir, `log-${++copies}.jsonl`);
  await writeFile(path, text);
  return path;
}

async function cli(argv: readonly string[], engineId: string | null = ENGINE) {
  const io = memoryIo();
  const code = await runCli(argv, io, { engineId });
  return { code, stdout: io.stdout, stderr: io.stderr };
}

const lines = (text: string): string[] => text.split('\n').slice(0, -1);
const inode = async (path: string): Promise<number> => (await stat(path)).ino;

/** Appends one command's batch to a log through the engine. */
async function appendThroughEngine(path: string, origin: Parameters<SurrenderEngine['execute']>[1]): Promise<void> {
  const engine = await SurrenderEngine.open(await JsonlFileStore.open(path, { source: deterministicSource('extra') }));
  try {
    expect((await engine.execute('sea-lion-1941', origin)).ok).toBe(true);
  } finally {
    await engine.close();
  }
}

describe('verification marks', () => {
  it("a clean replay writes the mark: this build, every event, the whole file, the chain's last hash", async () => {
    const path = await writeLog(seaLionText);
    const r = await cli(['replay', path]);
    expect(r.code).toBe(0);
    const mark = JSON.parse(await readFile(markPathOf(path), 'utf8')) as Record<string, unknown>;
    const last = JSON.parse(lines(seaLionText).at(-1) ?? '') as { seq: number; hash: string };
    expect(mark).toMatchObject({
      format: MARK_FORMAT,
      formatVersion: 1,
      engine: ENGINE,
      logFormatVersion: 1,
      events: last.seq,
      bytes: Buffer.byteLength(seaLionText),
      lastHash: last.hash,
      skipped: ['host.logged'],
    });
    expect(await readVerifiedMark(path, ENGINE)).not.toBeNull();
    expect(await readVerifiedMark(path, 'another-build')).toBeNull();
  });

  it('the next replay and audit trust it: the same output, and the mark is left as it is', async () => {
    const path = await writeLog(seaLionText);
    const first = {
      replay: await cli(['replay', path]),
      audit: await cli(['audit', path]),
      json: await cli(['replay', '--json', path]),
    };
    const before = await inode(markPathOf(path));
    expect(await cli(['replay', path])).toEqual(first.replay);
    expect(await cli(['audit', path])).toEqual(first.audit);
    expect(await cli(['replay', '--json', path])).toEqual(first.json);
    expect(await inode(markPathOf(path))).toBe(before);
    // Without a build id (the unbundled modules) no mark is read or written: the same output.
    expect(await cli(['audit', path], null)).toEqual(first.audit);
  });

  it('--full ignores the mark (and writes it anew); verify never reads it', async () => {
    const path = await writeLog(seaLionText);
    const first = await cli(['replay', path]);
    const before = await inode(markPathOf(path));
    expect(await cli(['replay', '--full', path])).toEqual(first);
    expect(await inode(markPathOf(path))).not.toBe(before);
    // A log damaged after its mark: verify reports the line as it would without the mark.
    const damaged = seaLionText.replace('"season":"summer"', '"season":"autumn"');
    await writeFile(path, damaged);
    const verify = await cli(['verify', path]);
    expect(verify.code).toBe(1);
    expect(verify).toEqual(await cli(['verify', path], null));
  });

  it('59.11: events appended after the mark are fully checked and re-derived; the mark then covers them', async () => {
    const path = await writeLog(seaLionText);
    expect((await cli(['replay', path])).code).toBe(0);
    const events = (await readVerifiedMark(path, ENGINE))?.events ?? 0;
    await appendThroughEngine(path, {
      type: 'host.logged',
      data: { turn: { year: 1942, season: 'spring' }, kind: 'note', data: { text: 'after the mark' } },
    });
    const r = await cli(['replay', '--json', path]);
    expect(r).toEqual(await cli(['replay', '--json', '--full', path], null));
    expect((JSON.parse(r.stdout) as { version: number }).version).toBe(events + 1);
    expect((await readVerifiedMark(path, ENGINE))?.events).toBe(events + 1);
  });

  it(
    '59.21: a rule decision edited after the mark (the chain ' +
      'sealed again) is reported as without it; the mark is not moved',
    async () => {
      const path = await writeLog(seaLionText);
      const all = lines(seaLionText);
      const at = all.findLastIndex((l) => l.includes('"type":"britain.resistance-determined"'));
      // Mark the log up to the event the decision follows from, then write the rest with the decision edited.
      expect(all[at - 1]).toContain('"type":"host.game-turn-ended"');
      await writeFile(path, `${all.slice(0, at - 1).join('\n')}\n`);
      expect((await cli(['replay', path])).code).toBe(0);
      const marked = await readVerifiedMark(path, ENGINE);
      expect(marked?.events).toBe(at - 2);
      let prev = JSON.parse(all[at - 2] ?? '').hash as string;
      const rest = all.slice(at - 1).map((line, i) => {
        const body = JSON.parse(line) as { data: { level?: number }; hash?: string };
        delete body.hash;
        if (i === 1 && body.data.level !== undefined) body.data.level += 1;
        const sealed = sealLine(prev, JSON.stringify(body));
        prev = sealed.hash;
        return sealed.line;
      });
      await writeFile(path, `${[...all.slice(0, at - 1), ...rest].join('\n')}\n`);
      expect((await cli(['verify', path])).code).toBe(0);
      for (const command of ['replay', 'audit']) {
        const r = await cli([command, path]);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(
          new RegExp(
            `:line ${at + 1}: \\[sea-lion-1941\\] ` +
              `"britain.resistance-determined" no longer matches the rules at data\\.level`,
          ),
        );
        expect(r).toEqual(await cli([command, '--full', path], null));
      }
      expect((await readVerifiedMark(path, ENGINE))?.events).toBe(at - 2);
    },
  );

  it('a mark of another build, a malformed one, or one that cannot be written: a full check, same output', async () => {
    const path = await writeLog(seaLionText);
    const expected = await cli(['replay', path], null);
    await writeFile(markPathOf(path), '{"format":"awaw-surrender-verified"');
    expect(await cli(['replay', path])).toEqual(expected);
    expect((await readVerifiedMark(path, ENGINE))?.engine).toBe(ENGINE);
    expect(await cli(['replay', path], 'another-build')).toEqual(expected);
    expect((await readVerifiedMark(path, 'another-build'))?.engine).toBe('another-build');
    const blocked = await writeLog(seaLionText);
    await mkdir(markPathOf(blocked));
    expect(
      await writeVerifiedMark(blocked, {
        engine: ENGINE,
        logFormatVersion: 1,
        events: 1,
        bytes: 1,
        lastHash: GENESIS_HASH,
        skipped: [],
        segments: [],
      }),
    ).toBe(false);
    const r = await cli(['replay', blocked]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(expected.stdout.replace(path, blocked));
  });

  it('a torn last line after the mark: the same warning and exit 1; the mark is not moved', async () => {
    const path = await writeLog(seaLionText);
    await cli(['replay', path]);
    const before = await readFile(markPathOf(path), 'utf8');
    await writeFile(path, `${seaLionText}{"seq":999,"id":"torn`);
    const r = await cli(['replay', path]);
    expect(r.code).toBe(1);
    expect(r).toEqual(await cli(['replay', '--full', path], null));
    expect(await readFile(markPathOf(path), 'utf8')).toBe(before);
  });

  it('--full is for replay and audit only: exit 2 with verify or a calculator', async () => {
    const path = await writeLog(seaLionText);
    const verify = await cli(['verify', '--full', path]);
    expect(verify.code).toBe(2);
    expect(verify.stderr).toContain('--full applies to replay and audit only');
    expect((await cli(['german-surrender', '--full', path])).code).toBe(2);
  });

  it('property: a mark never changes a verdict, whatever one byte of the log is changed to', async () => {
    const bytes = Buffer.from(seaLionText);
    const path = join(dir, 'mutated.jsonl');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: bytes.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        fc.constantFrom('replay', 'audit'),
        async (at, delta, command) => {
          await writeFile(path, bytes);
          await rm(markPathOf(path), { force: true });
          expect((await cli(['replay', path])).code).toBe(0);
          const changed = Buffer.from(bytes);
          changed[at] = ((changed[at] ?? 0) + delta) % 256;
          await writeFile(path, changed);
          const marked = await cli([command, '--json', path]);
          expect(marked).toEqual(await cli([command, '--json', '--full', path], null));
        },
      ),
      { numRuns: 60 },
    );
  });
});
