// `awaw-surrender replay|audit|verify LOG`: exit 0 for an intact log, 1 for a bad or torn line or a rule
// decision that no longer matches, 2 for usage or an unreadable file. Logs are built with the real engine
// and file store from the example games (src/examples), then damaged on purpose.
// verify: verify-command.test.ts; replay and audit: replay-audit-commands.test.ts; here the installed command
// and CRLF line endings.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { ensureBuilt, ROOT } from '../support/build.js';
import { seaLionLog } from '../support/log-cli.js';

const sea = seaLionLog();

const NPX_MS = 60_000;
// npx links the project into npm's cache and would run its `prepare` (a full rebuild of dist/ while other test
// files spawn the bin): scripts are off, and ensureBuilt has built dist/ that the link points at.
const NPX_ENV = { ...process.env, npm_config_ignore_scripts: 'true' };

describe('the installed command', () => {
  beforeAll(ensureBuilt, 120_000);

  it(
    '`npx awaw-surrender --help` works from the project directory',
    () => {
      const r = spawnSync('npx', ['awaw-surrender', '--help'], {
        cwd: ROOT,
        env: NPX_ENV,
        encoding: 'utf8',
        timeout: NPX_MS,
      });
      expect(r.status).toBe(0);
      expect(r.stdout.startsWith('usage: awaw-surrender <calculator> [--json] [--option NAME=VALUE] <file|->\n')).toBe(
        true,
      );
      expect(r.stdout).toContain('  german-surrender    German resistance level and surrender (55.11, 55.12) [55.1]\n');
    },
    NPX_MS + 5_000,
  );

  it(
    '`npx awaw-surrender verify LOG` reads a log from the project directory',
    () => {
      const r = spawnSync('npx', ['awaw-surrender', 'verify', sea.path], {
        cwd: ROOT,
        env: NPX_ENV,
        encoding: 'utf8',
        timeout: NPX_MS,
      });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(
        `${sea.path}: intact: ${sea.events.length} events, head ` + `${sea.events.length}:${sea.events.at(-1)?.hash}\n`,
      );
    },
    NPX_MS + 5_000,
  );
});

describe('a log converted to CRLF line endings', () => {
  it('is refused at line 1 with a message that says what happened', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'awaw-crlf-'));
    try {
      const path = join(dir, 'crlf.jsonl');
      const text = await readFile(new URL('../../examples/sea-lion-1941.jsonl', import.meta.url), 'utf8');
      await writeFile(path, text.replace(/\n/g, '\r\n'));
      const io = memoryIo();
      expect(await runCli(['verify', path], io)).toBe(1);
      expect(io.stderr).toBe(
        `${path}:line 1: format: the log has CRLF line endings (converted by an editor or by git?); convert it ` +
          `back to LF line endings, byte for byte\n`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
