// UTF-8 as outside input must be (RFC 8259): where the first byte that is not begins. Bytes that are not UTF-8
// are refused by every host (the CLI's inputs, HTTP bodies), never decoded as U+FFFD.

/**
 * The offset where the first ill-formed sequence starts (Unicode 15, table 3-7: no overlong forms, no
 * surrogates, nothing above U+10FFFF); the length when there is none.
 */
export function firstInvalidSequence(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    // The number of continuation bytes, and the range the first of them must be in.
    const [count, low, high] =
      lead >= 0xc2 && lead <= 0xdf
        ? [1, 0x80, 0xbf]
        : lead === 0xe0
          ? [2, 0xa0, 0xbf]
          : lead === 0xed
            ? [2, 0x80, 0x9f]
            : lead >= 0xe1 && lead <= 0xef
              ? [2, 0x80, 0xbf]
              : lead === 0xf0
                ? [3, 0x90, 0xbf]
                : lead >= 0xf1 && lead <= 0xf3
                  ? [3, 0x80, 0xbf]
                  : lead === 0xf4
                    ? [3, 0x80, 0x8f]
                    : [0, 0, 0];
    if (count === 0) return i;
    for (let k = 1; k <= count; k += 1) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += count + 1;
  }
  return bytes.length;
}
