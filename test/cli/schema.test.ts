// `awaw-surrender schema [--json] [NAME]`: the names of the catalogue, each schema exactly as shipped in schemas/,
// and an unknown name refused with exit 2 and the names close to it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { closeNames } from '../../src/cli/schema.js';
import { catalog } from '../../src/schemas/catalog.js';

const shipped = (file: string): string => readFileSync(new URL(`../../schemas/${file}`, import.meta.url), 'utf8');

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('awaw-surrender schema', () => {
  it('lists every schema name, one per line', async () => {
    expect(await cli('schema')).toEqual({ code: 0, stdout: `${catalog.map((e) => e.name).join('\n')}\n`, stderr: '' });
  });

  it('--json prints schemas/index.json', async () => {
    expect(await cli('schema', '--json')).toEqual({ code: 0, stdout: shipped('index.json'), stderr: '' });
  });

  it('prints a schema exactly as schemas/NAME.json holds it', async () => {
    for (const name of [
      'log-header',
      'event/britain.resistance-determined',
      'event/britain.resistance-determined/v1',
      'command/host.game-turn-ended',
      'calculator/concessions/output',
    ]) {
      expect(await cli('schema', name), name).toEqual({ code: 0, stdout: shipped(`${name}.json`), stderr: '' });
    }
  });

  it('an unknown name: exit 2, one line naming the close names', async () => {
    expect(await cli('schema', 'event/host.loged')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '$: unknown schema "event/host.loged"; close names: event/host.logged (awaw-surrender schema lists them all)\n',
    });
    const json = await cli('schema', '--json', 'nothing-like-it-at-all');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({
      error: { path: '$', message: 'unknown schema "nothing-like-it-at-all" (awaw-surrender schema lists them all)' },
    });
  });

  it(
    'the close names: containing the name or a few edits ' +
      'away, closest first, at most five; failing those, of its group',
    () => {
      const names = [
        'envelope',
        'log-header',
        'calculator/concessions/input',
        'calculator/concessions/output',
        'event/host.logged',
        'command/host.logged',
      ];
      expect(closeNames('host.logged', names)).toEqual(['command/host.logged', 'event/host.logged']);
      expect(closeNames('envelop', names)).toEqual(['envelope']);
      expect(closeNames('calculator/x', names)).toEqual([
        'calculator/concessions/input',
        'calculator/concessions/output',
      ]);
      expect(closeNames('zzz', names)).toEqual([]);
    },
  );

  it('usage errors: an unknown option, two names (exit 2)', async () => {
    expect(await cli('schema', '--full')).toMatchObject({
      code: 2,
      stderr: "$: usage: unknown option '--full' for schema (awaw-surrender schema [--json] [NAME])\n",
    });
    expect(await cli('schema', 'envelope', 'log-header')).toMatchObject({
      code: 2,
      stderr: '$: usage: schema takes at most one NAME (awaw-surrender schema [--json] [NAME])\n',
    });
  });

  it('--help prints its usage, fields and an example', async () => {
    const { code, stdout } = await cli('schema', '--help');
    expect(code).toBe(0);
    expect(stdout).toContain('usage:\n  awaw-surrender schema [--json] [NAME]\n');
    expect(stdout).toContain('example:\n  awaw-surrender schema calculator/british-resistance/input');
  });
});
