// Editing a log's lines in a test and sealing its hash chain again, so that the edit passes `verify` and only
// the re-derivation of the rule decisions can find it.
import { GENESIS_HASH, sealLine } from '../../src/store/line-format.js';

/** Rewrites a log's lines (each without its hash field) and seals the chain again: the result verifies. */
export function resealed(text: string, edit: (bodies: string[]) => void): string {
  const bodies = text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => `${l.slice(0, -75)}}`);
  edit(bodies);
  let prev = GENESIS_HASH;
  return `${bodies
    .map((body) => {
      const sealed = sealLine(prev, body);
      prev = sealed.hash;
      return sealed.line;
    })
    .join('\n')}\n`;
}
