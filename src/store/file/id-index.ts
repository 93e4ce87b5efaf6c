// The event ids seen so far in a log, so that a repeated id is refused naming both lines (docs/log-format.md: ids
// are unique). A million-event log must not cost a million strings (about 130 bytes each in a Map): the index keeps
// a 48-bit fingerprint per id, 5 bytes a slot in open-addressing tables (8 of its bits choose the table), and
// nothing else. A fingerprint met
// again, or a probe run too long (ids crafted to collide), is only a suspicion: the reader then lists the log's ids
// so far exactly (./id-rescan.ts, `becomeExact`) and the index answers exactly from then on. With random ids a
// suspicion comes about once in several hundred million-event logs; a crafted log can force the exact list (the
// memory of a Map), never more work than one extra read.

/** What `add` answers when the id may have been seen: resolve with `becomeExact`, then add again. */
export const SUSPECT = -1;
const MAX_LOAD = 0.9;
/** With double hashing at 90% load, a new id needs more probes about once in 10^23. */
const MAX_PROBES = 512;
/** 256 tables, chosen by the top 8 bits of `lo`: growing one holds two copies of 1/256th of the ids, not of all. */
const SHARD_SHIFT = 24;
const LOW_24 = 0xffffff;
const TWO_24 = 2 ** 24;

/** A 48-bit fingerprint of an id: 32 bits and 16 more. */
export type IdHash = (id: string) => { readonly lo: number; readonly hi: number };

const mix = (h: number): number => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** Two independent 32-bit hashes of the id's characters (FNV-1a and a multiply-shift), each finished by a mixer. */
export const idHash: IdHash = (id) => {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < id.length; i += 1) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return { lo: mix(a), hi: mix(b) >>> 16 };
};

/**
 * One table: the fingerprints whose top 8 bits are its number, each stored as the other 40: `key` holds the low 24
 * bits of `lo` (where the probe starts) and the top 8 of `hi`, `tag` the low 8 of `hi`. (0, 0) marks an empty slot.
 */
class Shard {
  key = new Uint32Array(16);
  tag = new Uint8Array(16);
  count = 0;

  /** Records the fingerprint: true when it was not there; false when it was, or `MAX_PROBES` slots were full. */
  insert(lo24: number, hi: number): boolean {
    if (this.count + 1 > this.key.length * MAX_LOAD) this.#grow();
    const key = ((lo24 << 8) | (hi >>> 8)) >>> 0;
    const tag = hi & 0xff;
    const slot = this.#probe(key, tag, MAX_PROBES);
    if (slot < 0) return false;
    this.key[slot] = key;
    this.tag[slot] = tag;
    this.count += 1;
    return true;
  }

  /**
   * The empty slot for (key, tag), or -1 when it is there already or `limit` slots were probed. Double hashing: the
   * start from `lo`, the step from `hi`, odd and not a multiple of 3, so coprime with every size (2^k or 3 * 2^k)
   * and every slot is reached; a run of full slots stays short where linear probing would cluster.
   */
  #probe(key: number, tag: number, limit: number): number {
    const size = this.key.length;
    let slot = Math.floor(((key >>> 8) * size) / TWO_24);
    let step = ((key & 0xff) << 8) | tag | 1;
    if (step % 3 === 0) step += 2;
    step %= size;
    for (let probes = 0; probes < limit; probes += 1) {
      const atKey = this.key[slot] ?? 0;
      const atTag = this.tag[slot] ?? 0;
      if (atKey === 0 && atTag === 0) return slot;
      if (atKey === key && atTag === tag) return -1;
      slot += step;
      if (slot >= size) slot -= size;
    }
    return -1;
  }

  /** 2^k slots grow to 3 * 2^(k-1), those to 2^(k+1): a million ids take 6 to 9 MB, where doubling takes up to 13. */
  #grow(): void {
    const { key, tag } = this;
    const size = (key.length & (key.length - 1)) === 0 ? key.length + key.length / 2 : (key.length / 3) * 4;
    this.key = new Uint32Array(size);
    this.tag = new Uint8Array(size);
    for (let i = 0; i < key.length; i += 1) {
      const k = key[i] ?? 0;
      const t = tag[i] ?? 0;
      if (k === 0 && t === 0) continue;
      const slot = this.#probe(k, t, size);
      this.key[slot] = k;
      this.tag[slot] = t;
    }
  }
}

export class IdIndex {
  #shards: Shard[] = Array.from({ length: 256 }, () => new Shard());
  #exact: Map<string, number> | null = null;

  constructor(private readonly hash: IdHash = idHash) {}

  /** Whether the index answers from an exact list of ids (after a suspicion). */
  get exact(): boolean {
    return this.#exact !== null;
  }

  /** The bytes the fingerprint tables hold (0 once exact). */
  get tableBytes(): number {
    return this.#shards.reduce((sum, s) => sum + s.key.byteLength + s.tag.byteLength, 0);
  }

  /**
   * Records that `line` holds `id`. Returns 0 when the id is new; when exact, the line that held it before; else
   * SUSPECT (nothing recorded): the caller lists the ids before `line` exactly, calls `becomeExact` and adds again.
   */
  add(id: string, line: number): number {
    const exact = this.#exact;
    if (exact !== null) {
      const earlier = exact.get(id);
      if (earlier !== undefined) return earlier;
      exact.set(id, line);
      return 0;
    }
    const { lo, hi } = this.hash(id);
    const lo24 = lo & LOW_24;
    // An all-zero fingerprint within its table would read as an empty slot.
    const shard = this.#shards[lo >>> SHARD_SHIFT];
    return shard?.insert(lo24, lo24 === 0 && hi === 0 ? 1 : hi) ? 0 : SUSPECT;
  }

  /** From now on, answers from `ids` (every id before the suspect line, with its line); the tables are let go. */
  becomeExact(ids: Map<string, number>): void {
    this.#exact = ids;
    this.#shards = [];
  }
}
