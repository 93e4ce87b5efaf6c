// Writes the catalogue's JSON Schemas into a directory (`npm run schemas` into schemas/): NAME.json per schema and
// index.json; any other .json file left there by an earlier catalogue is removed.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { CatalogEntry } from './entry.js';
import { indexText, jsonSchemaText } from './json-schema.js';

/** The files of a catalogue, by path relative to its directory (`/`-separated), with their text. */
export function schemaFiles(entries: readonly CatalogEntry[]): ReadonlyMap<string, string> {
  return new Map([
    ...entries.map((e): [string, string] => [`${e.name}.json`, jsonSchemaText(e)]),
    ['index.json', indexText(entries)],
  ]);
}

/** Every .json file under `dir`, relative and `/`-separated. */
export function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.json'))
    .map((d) => relative(dir, join(d.parentPath, d.name)).split(sep).join('/'))
    .sort();
}

export function writeSchemas(dir: string, entries: readonly CatalogEntry[]): void {
  const files = schemaFiles(entries);
  mkdirSync(dir, { recursive: true });
  for (const stale of jsonFilesUnder(dir).filter((file) => !files.has(file))) rmSync(join(dir, stale));
  for (const [file, text] of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}
