// `npm run examples`: regenerates examples/*.jsonl.
import { buildAll } from './build.js';

buildAll(process.argv[2] ?? 'examples').catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
