// How far a long `replay`, `audit` or `verify` has read, on standard error, only when standard error is a
// terminal (./io.ts `terminal`): one line rewritten in place, first shown after a quarter of a second (a short run
// shows none), at most ten times a second, and erased when the command ends, so that what the command prints is
// the same with or without it. Piped or redirected, nothing is ever written.

/** Standard error when it is a terminal, with the clock the display is paced by. */
export interface Terminal {
  write(text: string): void;
  /** Milliseconds, monotonic. */
  now(): number;
}

export interface Progress {
  /** Called with the bytes read so far; undefined when nothing is shown. */
  readonly onProgress: ((bytesRead: number) => void) | undefined;
  /** Erases the line, if one was shown. */
  done(): void;
}

/** From the command's start on, before the first line is shown. */
export const PROGRESS_DELAY_MS = 250;
/** Between two updates. */
export const PROGRESS_INTERVAL_MS = 100;

const NONE: Progress = { onProgress: undefined, done: () => undefined };

const megabytes = (bytes: number): string => (bytes / 1_048_576).toFixed(1);

/** `replay games/g42.jsonl: 42% (2.1 of 5.0 MiB)`. */
export function progressLine(label: string, bytes: number, total: number): string {
  const percent = total > 0 ? Math.min(100, Math.floor((bytes * 100) / total)) : 100;
  return `${label}: ${percent}% (${megabytes(Math.min(bytes, total))} of ${megabytes(total)} MiB)`;
}

export function startProgress(terminal: Terminal | undefined, label: string, totalBytes: number): Progress {
  if (terminal === undefined) return NONE;
  const started = terminal.now();
  let next = started + PROGRESS_DELAY_MS;
  let shown = false;
  return {
    onProgress(bytes) {
      const now = terminal.now();
      if (now < next) return;
      next = now + PROGRESS_INTERVAL_MS;
      shown = true;
      // \r and "erase to the end of the line" (ESC [ K): the line is rewritten in place.
      terminal.write(`\r${progressLine(label, bytes, totalBytes)}\u001b[K`);
    },
    done() {
      if (shown) terminal.write('\r\u001b[K');
      shown = false;
    },
  };
}
