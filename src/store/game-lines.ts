// A game's lines as a log holding that game alone: seq 1..n and the hash chain from the header's hash, every
// other byte of each line kept (ids, times, payloads, event versions). For a log that holds only that game
// this is the identity, byte for byte; from a log of several games, the lines are renumbered and resealed.
import type { StoredEvent } from '../../events/index.js';
import { decodeEventLine, headerLine, sealLine } from './line-format.js';
import type { ChainTip } from './seal.js';

/** `,"hash":"` + 64 hex digits + `"}` ends every event line. */
const SEAL_LENGTH = 75;

export interface GameLines {
  readonly lines: readonly string[];
  readonly events: readonly StoredEvent[];
  readonly tip: ChainTip;
}

/** The event lines of a verified log text, per game, in the order the games began. */
export function linesByGame(text: string): Map<string, string[]> {
  const games = new Map<string, string[]>();
  const lines = text.split('\n');
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    const { game } = JSON.parse(line) as { game: string };
    const list = games.get(game);
    if (list === undefined) games.set(game, [line]);
    else list.push(line);
  }
  return games;
}

/** Renumbers and reseals one game's lines (in their order) as the whole of a log, checking each as a reader does. */
export function resealGame(lines: readonly string[]): GameLines {
  let hash = headerLine().hash;
  const out: string[] = [];
  const events: StoredEvent[] = [];
  lines.forEach((line, index) => {
    const seq = index + 1;
    // Every event line starts with `{"seq":N,`: only N changes, and the seal.
    const json = `{"seq":${seq}${line.slice(line.indexOf(','), line.length - SEAL_LENGTH)}}`;
    const sealed = sealLine(hash, json);
    events.push(decodeEventLine(sealed.line, seq + 1, { expectedSeq: seq, prevHash: hash }));
    out.push(sealed.line);
    hash = sealed.hash;
  });
  return { lines: out, events, tip: { seq: lines.length, hash } };
}

/** A game's lines as a JSON Lines log file: the header, then each line with its line feed. */
export const logText = (lines: readonly string[]): string =>
  `${headerLine().line}\n${lines.map((line) => `${line}\n`).join('')}`;
