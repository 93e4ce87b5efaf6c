// `awaw-surrender report LOG [--game G] [--out FILE.html]`: the page on standard output or in a file, and the exit
// codes of the log commands (docs/cli.md): 0 written, 1 written but the log has a problem, 2 usage or a log that
// cannot be read.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { resealed } from '../support/reseal.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'sea-lion-1941.jsonl');
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'awaw-report-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io, { engineId: null });
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('awaw-surrender report', () => {
  it(
    '59.41: writes the page to --out (its directory made) and ' +
      'prints its file:// URL; the page on standard output without it',
    async () => {
      const out = join(dir, 'new', 'sea-lion.html');
      const written = await cli('report', EXAMPLE, '--out', out);
      expect(written).toEqual({ code: 0, stdout: `report written: ${pathToFileURL(out).href}\n`, stderr: '' });
      const page = await readFile(out, 'utf8');
      expect(page).toContain('<title>Surrender report: sea-lion-1941.jsonl</title>');
      expect(page).toContain('Britain surrenders at level -4: peace negotiations follow (59.62)');
      const printed = await cli('report', EXAMPLE);
      expect(printed.code).toBe(0);
      expect(printed.stdout).toBe(page);
      // --game: that game alone, titled by its id.
      expect((await cli('report', EXAMPLE, '--game', 'sea-lion-1941')).stdout).toContain(
        '<title>Surrender report: sea-lion-1941</title>',
      );
    },
  );

  it('exit 2: usage, standard input, an unknown --game, an unreadable log, an --out it cannot write', async () => {
    expect((await cli('report')).code).toBe(2);
    expect((await cli('report', '-')).stderr).toContain('report reads a log file, not standard input');
    expect((await cli('report', EXAMPLE, '--nope')).stderr).toContain('unknown option "--nope"');
    const unknown = await cli('report', EXAMPLE, '--game', 'g9');
    expect([unknown.code, unknown.stdout]).toEqual([2, '']);
    expect(unknown.stderr).toContain('--game: the log holds no game "g9" (it holds sea-lion-1941)');
    const missing = await cli('report', join(dir, 'missing.jsonl'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`$: cannot read ${join(dir, 'missing.jsonl')}: no such file or directory\n`);
    await writeFile(join(dir, 'file'), '');
    const unwritable = await cli('report', EXAMPLE, '--out', join(dir, 'file', 'x.html'));
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toContain(`--out: cannot write ${join(dir, 'file', 'x.html')}`);
  });

  it('59.21: exit 1 for a decision the rules no longer make: the page is written anyway, naming the line', async () => {
    let line = 0;
    const text = resealed(await readFile(EXAMPLE, 'utf8'), (bodies) => {
      const index = bodies.findIndex((b) => b.includes('"type":"britain.resistance-determined"'));
      const event = JSON.parse(bodies[index] ?? '') as { data: { level: number } };
      event.data.level += 1;
      bodies[index] = JSON.stringify(event);
      line = index + 1;
    });
    const path = join(dir, 'edited.jsonl');
    await writeFile(path, text);
    const r = await cli('report', path);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^${path}:line ${line}: \\[sea-lion-1941\\] "britain.resistance-determined" no longer matches the rules`,
      ),
    );
    expect(r.stdout).toContain('<h3>Problems in the log</h3>');
    expect(r.stdout).toContain(
      `<li>line ${line}: [sea-lion-1941] &quot;britain.resistance-determined&quot; no longer matches the rules`,
    );
  });
});
