// `npm run lint`: no line of the code is longer than 120 columns. Biome's formatter keeps code within them but
// leaves long strings and comments as they are; this lists every line over, as FILE:LINE, and exits 1.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const MAX = 120;
const ROOT = process.cwd();
const CODE = /\.(ts|mjs|cjs)$/;
// What is not written by hand (or not here): built output, dependencies, generated pages and test runs.
const SKIPPED = new Set(['node_modules', 'dist', 'report', 'coverage', '.tmp', 'test-output', '.git']);

function* codeFiles(dir) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* codeFiles(path);
    else if (entry.isFile() && CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const over = [];
for (const path of codeFiles(ROOT)) {
  const lines = readFileSync(path, 'utf8').split('\n');
  for (const [i, line] of lines.entries()) {
    // Columns are characters (code points), not UTF-16 units or bytes.
    const columns = [...line].length;
    if (columns > MAX) over.push(`${relative(ROOT, path)}:${i + 1}: ${columns} columns`);
  }
}
for (const line of over) console.error(line);
if (over.length > 0) {
  console.error(`${over.length} line${over.length === 1 ? '' : 's'} over ${MAX} columns`);
  process.exit(1);
}
