// The committed examples are exactly what the example scripts produce through the engine today
// (`npm run examples` regenerates them): a change of rules reading cannot leave them stale.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildExample } from '../../src/examples/build.js';
import { exampleGames } from '../../src/examples/games.js';
import { correctedGames } from '../../src/examples/corrected-games.js';
import { examplePath } from './support.js';

const dir = await mkdtemp(join(tmpdir(), 'awaw-examples-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('examples/*.jsonl', () => {
  for (const [name, make] of [...Object.entries(exampleGames), ...Object.entries(correctedGames)]) {
    it(`${name}.jsonl is what its script produces`, async () => {
      const path = join(dir, `${name}.jsonl`);
      await buildExample(make(), path);
      expect(await readFile(path, 'utf8')).toBe(await readFile(examplePath(name), 'utf8'));
    });
  }
});
