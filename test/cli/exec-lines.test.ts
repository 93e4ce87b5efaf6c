// The request lines of `exec` (src/cli/exec-lines.ts): reading pauses while 64 lines, or 16 MiB of them, wait to be
// answered (docs/host-protocol.md), so that a host writing large requests faster than exec answers them does not
// fill its memory; taking a line resumes it.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../../src/cli/exec-lines.js';

const MIB = 1024 * 1024;
const line = (fill: string, bytes: number): string => `"${fill.repeat(bytes - 3)}"\n`;
const flushed = () => new Promise((resolve) => setImmediate(resolve));

describe('exec request lines waiting to be answered', () => {
  it('three lines of 7 MiB (21 MiB) pause reading; taking one (14 MiB left) resumes it', async () => {
    const stream = new PassThrough();
    const lines = new LineReader(stream);
    stream.write([line('a', 7 * MIB), line('b', 7 * MIB), line('c', 7 * MIB)].join(''));
    await flushed();
    expect(stream.isPaused()).toBe(true);
    const first = await lines.next();
    expect(first?.ok && first.text.length).toBe(7 * MIB - 1);
    expect(stream.isPaused()).toBe(false);
    lines.stop();
  });

  it('two lines of 7 MiB and 61 small ones (63 lines, 14 MiB) do not pause it; a 64th line does', async () => {
    const stream = new PassThrough();
    const lines = new LineReader(stream);
    stream.write(line('a', 7 * MIB) + line('b', 7 * MIB));
    await flushed();
    expect(stream.isPaused()).toBe(false);
    stream.write('{}\n'.repeat(61));
    await flushed();
    expect(stream.isPaused()).toBe(false);
    stream.write('{}\n');
    await flushed();
    expect(stream.isPaused()).toBe(true);
    lines.stop();
  });
});
