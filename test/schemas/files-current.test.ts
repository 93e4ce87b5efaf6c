// schemas/ is what `npm run schemas` writes from the catalogue today: no file missing, changed or left over.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/schemas/catalog.js';
import { jsonFilesUnder, schemaFiles } from '../../src/schemas/write.js';
import { SCHEMAS_DIR } from './support.js';

describe('schemas/', () => {
  const files = schemaFiles(catalog);

  it('holds exactly the files of the catalogue and index.json (run `npm run schemas` after changing a schema)', () => {
    expect(jsonFilesUnder(SCHEMAS_DIR)).toEqual([...files.keys()].sort());
  });

  it('holds each file as the generator writes it', () => {
    for (const [file, text] of files) expect(readFileSync(`${SCHEMAS_DIR}${file}`, 'utf8'), file).toBe(text);
  });
});
