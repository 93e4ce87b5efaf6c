// The host-side lines of `npm run bench`: what one command costs through `exec` and the
// host API on a 20,000-event log, against the floor of a raw append + fsync of the same bytes to the same disk,
// and a fresh `append` process against a fresh `replay` process of that log (both with its verification mark).
// `BENCH_ONLY=host npm run bench` runs only these lines.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, fsyncSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { OriginEvent } from '../events/index.js';
import { SurrenderEngine } from '../src/host/engine.js';
import { JsonlFileStore } from '../src/store/file/jsonl-file.js';
import { generateGame } from './generate.js';

export interface HostBenchOptions {
  /** The directory for the logs (removed by the caller). */
  readonly dir: string;
  /** The package's bin. */
  readonly cli: string;
  /** Commands per latency measurement. */
  readonly commands: number;
  /** Fresh processes per measurement (the best counts). */
  readonly processes: number;
}

/** Per-command latencies in ms. */
export interface Latency {
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

export interface HostBenchResult {
  readonly events: number;
  readonly commands: number;
  readonly rawAppendFsync: Latency;
  readonly execExecute: Latency;
  readonly hostApiExecute: Latency;
  readonly execToRawP50: number;
  readonly hostApiToRawP50: number;
  readonly freshReplayMs: number;
  readonly freshReplayMedianMs: number;
  /** Successive appends, each on the log the one before left (its mark as that append left it). */
  readonly freshAppendMs: number;
  readonly freshAppendMedianMs: number;
  readonly appendToReplay: number;
}

const GAME = 'bench-single';
/** The first commands of each latency run are not counted: JIT, compiled schemas, file cache. */
const WARM_UP = 20;

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
export function latency(times: readonly number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

/** An ordinary host event of the game's last turn, varied a little (the bulk of what a host appends). */
export function command(turn: unknown, i: number): OriginEvent {
  return {
    type: 'host.logged',
    data: {
      turn,
      kind: 'movement',
      data: {
        side: i % 2 === 0 ? 'axis' : 'allied',
        unit: '2-5 inf',
        from: `B${10 + (i % 30)}`,
        to: `C${11 + (i % 29)}`,
        mp: 1 + (i % 6),
      },
    },
  } as OriginEvent;
}

/** The turn of the log's last event (a host.logged for it is always in sequence). */
function lastTurn(path: string): unknown {
  const text = readFileSync(path, 'latin1');
  const last = text.slice(text.lastIndexOf('\n', text.length - 2) + 1);
  return (JSON.parse(last) as { data: { turn: unknown } }).data.turn;
}

/** `exec` as a real process, driven one request at a time: each `execute` written, its response awaited. */
class ExecProcess {
  readonly #child;
  readonly #responses;

  constructor(cli: string, path: string) {
    this.#child = spawn(process.execPath, [cli, 'exec', path], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.#responses = createInterface({ input: this.#child.stdout })[Symbol.asyncIterator]();
  }

  async request(request: Record<string, unknown>): Promise<void> {
    this.#child.stdin.write(`${JSON.stringify(request)}\n`);
    const next = await this.#responses.next();
    const response = next.done === true ? null : (JSON.parse(next.value) as { ok: boolean });
    if (response?.ok !== true) throw new Error(`exec: ${JSON.stringify(response)}`);
  }

  async close(): Promise<void> {
    this.#child.stdin.end();
    await new Promise((resolve) => this.#child.once('close', resolve));
  }
}

/** The last line of a log, its `\n` included. */
function lastLine(path: string): Buffer {
  const bytes = readFileSync(path);
  return bytes.subarray(bytes.lastIndexOf(0x0a, bytes.length - 2) + 1);
}

const timed = async (body: () => Promise<void> | void): Promise<number> => {
  const started = performance.now();
  await body();
  return performance.now() - started;
};

/**
 * The three side by side, command by command, so that the load on a shared disk falls on all alike: one `execute`
 * through the `exec` process, the line it appended written again with one write(2) + fsync at the end of a copy of
 * the log (the floor: the same bytes, the same disk), and one `execute` through the host API in this process.
 */
async function timeCommands(
  cli: string,
  copy: (name: string) => string,
  turn: unknown,
  total: number,
): Promise<{ exec: number[]; raw: number[]; api: number[] }> {
  const execLog = copy('exec.jsonl');
  // exec on a log verified before (its mark beside it), as a host would run it.
  timeProcess([cli, 'replay', execLog]);
  const exec = new ExecProcess(cli, execLog);
  const fd = openSync(copy('raw.jsonl'), 'a');
  const engine = await SurrenderEngine.open(await JsonlFileStore.open(copy('api.jsonl')));
  const times = { exec: [] as number[], raw: [] as number[], api: [] as number[] };
  try {
    await exec.request({ id: 0, op: 'games' }); // the log is read before the clock starts
    for (let i = 0; i < total; i += 1) {
      times.exec.push(
        await timed(() => exec.request({ id: i + 1, op: 'execute', game: GAME, command: command(turn, i) })),
      );
      const line = lastLine(execLog);
      times.raw.push(
        await timed(() => {
          writeSync(fd, line);
          fsyncSync(fd);
        }),
      );
      times.api.push(
        await timed(async () => {
          const result = await engine.execute(GAME, command(turn, i));
          if (!result.ok) throw new Error(`execute: ${result.rejection.message}`);
        }),
      );
    }
  } finally {
    await exec.close();
    closeSync(fd);
    await engine.close();
  }
  return times;
}

function timeProcess(args: readonly string[], input?: string): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    ...(input === undefined ? {} : { input }),
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr.slice(0, 500)}`);
  return ms;
}

const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function hostBench({ dir, cli, commands, processes }: HostBenchOptions): Promise<HostBenchResult> {
  const original = join(dir, 'host-20k.jsonl');
  const single = generateGame(original, 20_000);
  const turn = lastTurn(original);
  const total = WARM_UP + commands;
  const copy = (name: string): string => {
    const path = join(dir, name);
    copyFileSync(original, path);
    return path;
  };

  const times = await timeCommands(cli, copy, turn, total);

  // A fresh append process against a fresh replay process, both with the mark present; interleaved.
  const freshLog = copy('fresh.jsonl');
  timeProcess([cli, 'replay', freshLog]);
  const commandFile = join(dir, 'command.json');
  writeFileSync(commandFile, JSON.stringify({ game: GAME, ...command(turn, 0) }));
  const replays: number[] = [];
  const appends: number[] = [];
  for (let i = 0; i < processes; i += 1) {
    replays.push(timeProcess([cli, 'replay', freshLog]));
    appends.push(timeProcess([cli, 'append', freshLog, commandFile]));
  }
  for (const name of ['exec.jsonl', 'raw.jsonl', 'api.jsonl', 'fresh.jsonl']) rmSync(join(dir, name), { force: true });

  const raw = latency(times.raw.slice(WARM_UP));
  const exec = latency(times.exec.slice(WARM_UP));
  const api = latency(times.api.slice(WARM_UP));
  const freshReplayMs = Math.min(...replays);
  const freshAppendMs = Math.min(...appends);
  return {
    events: single.events,
    commands,
    rawAppendFsync: raw,
    execExecute: exec,
    hostApiExecute: api,
    execToRawP50: exec.p50 / raw.p50,
    hostApiToRawP50: api.p50 / raw.p50,
    freshReplayMs,
    freshReplayMedianMs: median(replays),
    freshAppendMs,
    freshAppendMedianMs: median(appends),
    appendToReplay: freshAppendMs / freshReplayMs,
  };
}

/** A target of the host lines: the value must stay below the limit. */
export interface HostTarget {
  readonly name: string;
  readonly value: number;
  readonly limit: number;
  readonly unit: string;
  readonly kind: 'max';
}

export const hostTargets = (r: HostBenchResult): HostTarget[] => [
  { name: "exec's warm execute p50 / raw append + fsync p50", value: r.execToRawP50, limit: 3, unit: 'x', kind: 'max' },
  {
    name: 'fresh `append` process / fresh `replay` process',
    value: r.appendToReplay,
    limit: 1.5,
    unit: 'x',
    kind: 'max',
  },
];

const ms = (n: number, digits = 2): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The table rows of the host lines: measurement, p50 ms, p99 ms, vs the floor. */
export function hostRows(r: HostBenchResult): string[][] {
  const per = (label: string, l: Latency): string[] => [
    label,
    ms(l.p50),
    ms(l.p99),
    `${ms(l.p50 / r.rawAppendFsync.p50, 1)}x`,
  ];
  return [
    ['host lines', 'p50 ms', 'p99 ms', 'vs floor'],
    per(`(h) raw append + fsync of the same bytes (the floor), ${r.commands} lines`, r.rawAppendFsync),
    per(`(h) \`exec\` process, warm execute on the ${r.events.toLocaleString('en-US')}-event log`, r.execExecute),
    per('(h) host API execute, in-process (JsonlFileStore)', r.hostApiExecute),
    [
      '(h) fresh `replay` process, verified log (best, median)',
      ms(r.freshReplayMs, 0),
      ms(r.freshReplayMedianMs, 0),
      '',
    ],
    [
      '(h) fresh `append` process, same log, successive (best, median)',
      ms(r.freshAppendMs, 0),
      ms(r.freshAppendMedianMs, 0),
      `${ms(r.appendToReplay, 2)}x replay`,
    ],
  ];
}

/** A table as text: the first column left-aligned, the others right-aligned, a rule under the header row. */
export function formatTable(rows: readonly (readonly string[])[]): string[] {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const out: string[] = [];
  for (const [i, r] of rows.entries()) {
    out.push(r.map((c, j) => (j === 0 ? c.padEnd(widths[j] ?? 0) : c.padStart(widths[j] ?? 0))).join('  '));
    if (i === 0) out.push(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  return out;
}
