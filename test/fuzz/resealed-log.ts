// Log edits for the fuzz targets that keep the log intact: the chain is sealed again after the edit.
import fc from 'fast-check';
import { resealed } from '../support/reseal.js';

/**
 * Edits of a log whose chain is sealed again, so that it verifies: a prefix, a host note's text changed, an
 * event's time changed, or an event left out (the others renumbered). Each payload keeps to its schema; what
 * the rules make of the edit is for replay and audit to find.
 */
export function resealedLog(base: Buffer): fc.Arbitrary<{ readonly how: string; readonly bytes: Buffer }> {
  const text = base.toString('utf8');
  const events = text.split('\n').filter((l) => l !== '').length - 1;
  const index = fc.integer({ min: 1, max: Math.max(1, events) });
  const sealed = (how: string, edit: (bodies: string[]) => void) => ({
    how: `re-sealed: ${how}`,
    bytes: Buffer.from(resealed(text, edit), 'utf8'),
  });
  const renumbered = (bodies: string[]): void => {
    for (const [i, body] of bodies.entries()) if (i > 0) bodies[i] = body.replace(/^\{"seq":\d+,/, `{"seq":${i},`);
  };
  return fc.oneof(
    index.map((n) => sealed(`the first ${n} events`, (b) => b.splice(n + 1))),
    fc.tuple(index, fc.string({ unit: 'grapheme-ascii', maxLength: 20 })).map(([n, note]) =>
      sealed(`host notes from event ${n} on say ${JSON.stringify(note)}`, (b) => {
        for (let i = n; i < b.length; i += 1)
          b[i] = (b[i] as string).replace(/"note":"[^"]*"/, `"note":${JSON.stringify(note)}`);
      }),
    ),
    fc.tuple(index, fc.integer({ min: 0, max: 59 })).map(([n, second]) =>
      sealed(`event ${n} at second ${second}`, (b) => {
        b[n] = (b[n] as string).replace(
          /"at":"([^"]*):\d\d\.(\d{3})Z"/,
          `"at":"$1:${String(second).padStart(2, '0')}.$2Z"`,
        );
      }),
    ),
    index.map((n) =>
      sealed(`event ${n} left out`, (b) => {
        b.splice(n, 1);
        renumbered(b);
      }),
    ),
  );
}
