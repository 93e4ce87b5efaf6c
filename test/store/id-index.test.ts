// Event ids are unique (docs/log-format.md): the id index answers from 48-bit fingerprints, 5 bytes a slot, and a
// suspicion (a fingerprint met again, or ids crafted to collide) is settled by an exact list read from the log.
import { describe, expect, it } from 'vitest';
import { IdIndex, SUSPECT, type IdHash } from '../../src/store/file/id-index.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { envelopeOf, sealedLog, tempLogFiles } from './support.js';
import { defined } from '../support/defined.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
/** Nanoid-shaped ids from a fixed seed (xorshift), so that every run checks the same ids. */
function ids(count: number, seed = 0x2545f491): string[] {
  let x = seed;
  const out: string[] = [];
  for (let n = 0; n < count; n += 1) {
    let id = '';
    for (let i = 0; i < 21; i += 1) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      id += ALPHABET[(x >>> 0) % 64];
    }
    out.push(id);
  }
  return out;
}

describe('the id index', () => {
  it('200,000 distinct random ids: none suspected, at most 8 bytes an id', () => {
    const index = new IdIndex();
    const all = ids(200_000);
    expect(new Set(all).size).toBe(200_000);
    expect(all.filter((id, i) => index.add(id, i + 2) !== 0)).toEqual([]);
    expect(index.exact).toBe(false);
    expect(index.tableBytes).toBeLessThanOrEqual(8 * 200_000);
  });

  it('sequential ids (the bench generator and hand-made logs) are spread as well as random ones', () => {
    const index = new IdIndex();
    const all = Array.from({ length: 100_000 }, (_, i) => i.toString(16).padStart(21, '0'));
    expect(all.filter((id, i) => index.add(id, i + 2) !== 0)).toEqual([]);
  });

  it('an id met again is a suspicion, settled by the exact list: the earlier line', () => {
    const index = new IdIndex();
    const two = ids(2);
    const a = defined(two[0], 'the first id');
    const b = defined(two[1], 'the second id');
    expect(index.add(a, 2)).toBe(0);
    expect(index.add(b, 3)).toBe(0);
    expect(index.add(a, 4)).toBe(SUSPECT);
    index.becomeExact(
      new Map([
        [a, 2],
        [b, 3],
      ]),
    );
    expect(index.add(a, 4)).toBe(2);
    expect(index.add('C'.repeat(21), 5)).toBe(0);
    expect(index.add('C'.repeat(21), 6)).toBe(5);
    expect(index.tableBytes).toBe(0);
  });

  it('ids crafted to one fingerprint cost one suspicion, then exact answers: never more than one extra read', () => {
    const same: IdHash = () => ({ lo: 7, hi: 3 });
    const index = new IdIndex(same);
    const crafted = ids(1000, 99);
    const suspicions: number[] = [];
    crafted.forEach((id, i) => {
      if (index.add(id, i + 2) !== SUSPECT) return;
      suspicions.push(i);
      index.becomeExact(new Map(crafted.slice(0, i).map((earlier, j) => [earlier, j + 2])));
      expect(index.add(id, i + 2)).toBe(0);
    });
    expect(suspicions).toEqual([1]);
    expect(index.add(defined(crafted[500], 'id 500'), 1002)).toBe(502);
  });

  it('two ids with one fingerprint: a suspicion, then both counted as the distinct ids they are', () => {
    const same: IdHash = () => ({ lo: 0x12345678, hi: 0x9abc });
    const index = new IdIndex(same);
    expect(index.add('x'.repeat(21), 2)).toBe(0);
    expect(index.add('y'.repeat(21), 3)).toBe(SUSPECT);
    index.becomeExact(new Map([['x'.repeat(21), 2]]));
    expect(index.add('y'.repeat(21), 3)).toBe(0);
  });
});

describe('a repeated id in a log on disk', () => {
  const { write: onDisk } = tempLogFiles('ids');

  it('is found however far apart the two lines are, naming both (the exact list read anew from the file)', async () => {
    const all = ids(3000, 0x1234567);
    // seq 3000 repeats the id of seq 10 (line 11); every line sealed in the chain, so only the id is wrong.
    const texts = all.map((id, i) => JSON.stringify(envelopeOf(i + 1, { id: i === 2999 ? all[9] : id })));
    const path = await onDisk(sealedLog(texts));
    const message = `line 3001: id: the id "${all[9]}" is already that of line 11: event ids are unique`;
    expect(await verifyLog(path)).toEqual({ ok: false, line: 3001, path: 'id', message, torn: false });
    const clean = await onDisk(sealedLog(all.map((id, i) => JSON.stringify(envelopeOf(i + 1, { id })))));
    expect(await verifyLog(clean)).toMatchObject({ ok: true, events: 3000 });
  });
});
