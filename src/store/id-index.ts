// The event ids seen so far in a log, to refuse a repeated one (docs/log-format.md: ids are unique). An id is 21
// characters of the nanoid alphabet (events/envelope.ts, ID_PATTERN): 6 bits each, packed five to a 32-bit word,
// and kept in one open-addressing table of typed arrays with the line that holds it: about 24 bytes an event where
// a Map of strings would take three times that on a long log.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const ID_LENGTH = 21;
const WORDS = 5;
/** Per slot: the id in WORDS words, then the 1-based line (0: the slot is free). */
const STRIDE = WORDS + 1;

const code = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i += 1) code[ALPHABET.charCodeAt(i)] = i;

export class IdIndex {
  #table = new Uint32Array(STRIDE * 1024);
  #mask = 1023;
  #count = 0;
  readonly #key = new Uint32Array(WORDS);

  /**
   * Records that `line` holds the id whose characters are `at(0)` .. `at(20)` (char codes); returns the line that
   * held it before, or 0 (also for an id that is not 21 characters of the alphabet: the envelope check refuses it).
   */
  add(at: (i: number) => number, line: number): number {
    const key = this.#key;
    key.fill(0);
    for (let i = 0; i < ID_LENGTH; i += 1) {
      const c = at(i);
      const v = c < 128 ? (code[c] ?? -1) : -1;
      if (v < 0) return 0;
      const w = (i / 5) | 0;
      key[w] = ((key[w] ?? 0) << 6) | v;
    }
    if ((this.#count + 1) * 4 > (this.#mask + 1) * 3) this.#grow();
    const found = this.#find(key);
    const table = this.#table;
    const previous = table[found + WORDS] ?? 0;
    if (previous !== 0) return previous;
    table.set(key, found);
    table[found + WORDS] = line;
    this.#count += 1;
    return 0;
  }

  /** Adds an id given as a string. */
  addText(id: string, line: number): number {
    return id.length === ID_LENGTH ? this.add((i) => id.charCodeAt(i), line) : 0;
  }

  /** Adds the id at `offset` in `bytes`. */
  addBytes(bytes: Uint8Array, offset: number, line: number): number {
    return offset + ID_LENGTH <= bytes.length ? this.add((i) => bytes[offset + i] ?? 0, line) : 0;
  }

  /** The offset in the table of the slot holding `key`, or of the free slot where it goes. */
  #find(key: Uint32Array): number {
    const table = this.#table;
    let h = 0x811c9dc5;
    for (let w = 0; w < WORDS; w += 1) h = Math.imul(h ^ (key[w] ?? 0), 0x01000193);
    h ^= h >>> 15;
    for (let slot = h & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const at = slot * STRIDE;
      if (table[at + WORDS] === 0) return at;
      let same = true;
      for (let w = 0; w < WORDS && same; w += 1) same = table[at + w] === key[w];
      if (same) return at;
    }
  }

  #grow(): void {
    const old = this.#table;
    this.#table = new Uint32Array(old.length * 2);
    this.#mask = this.#mask * 2 + 1;
    for (let at = 0; at < old.length; at += STRIDE) {
      if (old[at + WORDS] === 0) continue;
      const key = old.subarray(at, at + WORDS);
      const slot = this.#find(key);
      this.#table.set(old.subarray(at, at + STRIDE), slot);
    }
  }
}
