// The README's host API example as printed, for the tests that run it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build.js';

/** The one ```js block of the README's "The host API" section, verbatim. */
export function readmeHostExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## The host API\n'));
  const match = /\n```js\n([\s\S]*?)\n```\n/.exec(section.slice(0, section.indexOf('\n## ', 1)));
  if (match?.[1] === undefined) throw new Error('README: no ```js block in "The host API"');
  return `${match[1]}\n`;
}

/** What the example prints: the head it notes, the pending offer in words, the permissions' rules. */
export const README_EXAMPLE_OUTPUT = new RegExp(
  '^head 4:[0-9a-f]{64}\\nGermany must accept or reject the British surrender offer of Summer 1941 at ' +
    'level -4 \\(surrender level -4 if accepted\\)\\n59\\.52 59\\.82A 59\\.83 59\\.84 59\\.86A 59\\.88\\n$',
);
