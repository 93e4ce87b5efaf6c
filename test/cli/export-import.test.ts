// `awaw-surrender export` / `import`: a game between a JSON Lines log and the PostgreSQL store, byte for byte.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { describePg, usePgDatabase } from '../support/pg.js';
import { counterSource, gameStarted, logged, tempLogFiles } from '../store/support.js';

const ROOT = join(import.meta.dirname, '..', '..');
const examples = readdirSync(join(ROOT, 'examples'))
  .filter((name) => name.endsWith('.jsonl'))
  .sort();

describePg('export / import', () => {
  const db = usePgDatabase();
  const files = tempLogFiles('import');
  const schema = db.schema;
  let url = '';
  beforeAll(() => {
    url = db.url();
  });
  const cli = async (...argv: string[]) => {
    const io = memoryIo();
    const code = await runCli(argv, io);
    return { code, stdout: io.stdout, stderr: io.stderr };
  };

  it('every bundled example log: import, then export, gives the same bytes', async () => {
    const db = schema();
    expect(examples).toHaveLength(7);
    for (const name of examples) {
      const path = join(ROOT, 'examples', name);
      const game = name.replace(/\.jsonl$/, '');
      const imported = await cli('import', path, '--db', url, '--schema', db);
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);
      const lines = readFileSync(path, 'utf8').split('\n').length - 2;
      expect(imported.stdout).toMatch(
        new RegExp(`^imported ${game.replaceAll('.', '\\.')}: ${lines} events, head ${lines}:[0-9a-f]{64}\\n$`),
      );
      const exported = await cli('export', game, '--db', url, '--schema', db);
      expect(exported.code).toBe(0);
      expect(Buffer.from(exported.stdout, 'utf8').equals(readFileSync(path))).toBe(true);
    }
  });

  it("two games' log: each becomes a log of its own; exporting what was imported gives the same bytes", async () => {
    const log = new MemoryEventStore({ source: counterSource() });
    await log.append([gameStarted('g1'), gameStarted('g2'), logged('g2', 'b'), logged('g1', 'a')], logVersion(0));
    const path = await files.write(log.toJsonl());
    const first = schema();
    expect((await cli('import', path, '--db', url, '--schema', first)).code).toBe(0);
    const g1 = await cli('export', 'g1', '--db', url, '--schema', first);
    // Renumbered 1..n and resealed; every other byte of each line kept.
    expect(
      g1.stdout
        .split('\n')
        .slice(1, 3)
        .map((line) => JSON.parse(line) as { seq: number; id: string }),
    ).toMatchObject([
      { seq: 1, id: 'id-000000000000000001' },
      { seq: 2, id: 'id-000000000000000004' },
    ]);
    const again = await files.write(g1.stdout);
    expect((await cli('verify', again)).code).toBe(0);
    const second = schema();
    expect((await cli('import', again, '--db', url, '--schema', second)).code).toBe(0);
    expect((await cli('export', 'g1', '--db', url, '--schema', second)).stdout).toBe(g1.stdout);
    // --game picks one game; it must be in the log.
    const third = schema();
    expect((await cli('import', path, '--game', 'g2', '--db', url, '--schema', third)).stdout).toMatch(
      /^imported g2: 2 events/,
    );
    expect(await cli('export', 'g1', '--db', url, '--schema', third)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'export: game g1 has no events in the database\n',
    });
    expect(await cli('import', path, '--game', 'g9', '--db', url, '--schema', third)).toEqual({
      code: 1,
      stdout: '',
      stderr: `import: ${path} holds no game g9: nothing imported\n`,
    });
  });

  it('a game the database holds already is refused, nothing written; a bad log is refused before writing', async () => {
    const db = schema();
    const path = join(ROOT, 'examples', examples[0] as string);
    expect((await cli('import', path, '--db', url, '--schema', db)).code).toBe(0);
    const game = (examples[0] as string).replace(/\.jsonl$/, '');
    const again = await cli('import', path, '--db', url, '--schema', db);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      new RegExp(`^import: game ${game} already has \\d+ events in the database: nothing imported\\n$`),
    );
    expect(
      Buffer.from((await cli('export', game, '--db', url, '--schema', db)).stdout, 'utf8').equals(readFileSync(path)),
    ).toBe(true);
    const text = readFileSync(path, 'utf8');
    const damaged = await files.write(text.replace('"seq":3,', '"seq":4,'));
    const bad = await cli('import', damaged, '--db', url, '--schema', schema());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^import: .*: line 4: seq: expected 3, found 4 .*: nothing imported\n$/);
  });

  it('usage: no database, no game, an unknown option, an unreachable database are exit 2', async () => {
    const saved = process.env['AWAW_PG_URL'];
    delete process.env['AWAW_PG_URL'];
    try {
      expect(await cli('export', 'g1')).toEqual({
        code: 2,
        stdout: '',
        stderr: 'export: no database given: pass --db URL or set AWAW_PG_URL\n',
      });
    } finally {
      if (saved !== undefined) process.env['AWAW_PG_URL'] = saved;
    }
    expect(await cli('export', '--db', url)).toMatchObject({
      code: 2,
      stderr: 'export: expected exactly one GAME (see awaw-surrender help export)\n',
    });
    expect((await cli('import', 'x.jsonl', '--bogus', '--db', url)).code).toBe(2);
    const unreachable = await cli('export', 'g1', '--db', 'postgresql://nobody@/none?host=/nonexistent-dir');
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/^export: the database cannot be used: /);
  });

  it('the installed command runs export, loading the database client on demand', async () => {
    const db = schema();
    const path = join(ROOT, 'examples', examples[1] as string);
    expect((await cli('import', path, '--db', url, '--schema', db)).code).toBe(0);
    const out = join(files.dir(), 'exported.jsonl');
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, 'dist/awaw-surrender.cjs'),
        'export',
        (examples[1] as string).replace(/\.jsonl$/, ''),
        '--db',
        url,
        '--schema',
        db,
        '--out',
        out,
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readFileSync(out).equals(readFileSync(path))).toBe(true);
  });
});
