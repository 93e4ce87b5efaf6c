// `--expect-head SEQ:HASH` (replay, audit, verify): the hash chain is not a signature, so a log whose last appends
// were cut off is still a valid log. An operator who noted the head elsewhere (an append result, a verify report)
// checks that the log still holds that line at that seq. Light on purpose: the command-line parser loads it.
/** A head as an operator noted it: `SEQ:HASH` (src/store/store.ts, LogHead). */
export interface ExpectedHead {
  readonly seq: number;
  readonly hash: string;
}

/** `SEQ:HASH` as `verify` reports a head; null when malformed. */
export function parseHead(text: string): ExpectedHead | null {
  const match = /^(0|[1-9][0-9]{0,14}):([0-9a-f]{64})$/.exec(text);
  return match === null ? null : { seq: Number(match[1]), hash: match[2] as string };
}

export const formatHead = (head: ExpectedHead): string => `${head.seq}:${head.hash}`;

/**
 * Null when the log holds the expected head's line (it may have grown since); otherwise what it holds instead.
 * `found` is the hash of the line at the expected seq, null when the log holds fewer events.
 */
export function headMismatch(expected: ExpectedHead, found: string | null, events: number): string | null {
  const wanted = `--expect-head ${formatHead(expected)}`;
  if (found === null)
    return (
      `line ${expected.seq + 1}: ${wanted}: the log holds only ${events} events: it is shorter than when that ` +
      `head was noted (appends were cut off)`
    );
  if (found !== expected.hash)
    return (
      `line ${expected.seq + 1}: ${wanted}: seq ${expected.seq} ` +
      `has hash ${found}: the log was rewritten from there on or before`
    );
  return null;
}
