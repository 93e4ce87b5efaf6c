// The replay passes over the big log (docs/performance.md (i)-(iii)): each in a process of its own, `bench.js
// --child MODE FILE`, so that each has its own peak memory.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Replayer } from '../src/engine/replay.js';
import { replayVerifiedLog } from '../src/host/file/replay-file.js';
import { readLog } from '../src/store/file/scan.js';
import { best, fmt, median } from './timing.js';

/** The script a child pass runs in: `bench.js --child MODE FILE` (bench/bench.ts). */
const benchScript = join(dirname(fileURLToPath(import.meta.url)), 'bench.js');

/** One pass over a log, as the child process measures it. */
export const MODES = {
  parse: 'stream + JSON.parse of every line (the floor)',
  replay: 'replay a verified log (replayVerifiedLog: validate false, host.logged lines counted not parsed)',
  verify: 'verify only (schema + hash chain, no engine)',
  'verify-replay': 'verify + replay (validate: true, checkDecisions: false)',
  'verify-replay-check': 'verify + replay + re-derive decisions (as `awaw-surrender replay`)',
} as const;
export type Mode = keyof typeof MODES;
const isMode = (m: string): m is Mode => Object.hasOwn(MODES, m);

export interface ChildResult {
  readonly mode: Mode;
  readonly events: number;
  readonly ms: number;
  readonly maxRssMb: number;
  readonly mismatches: number;
}

async function pass(mode: Mode, path: string): Promise<Omit<ChildResult, 'maxRssMb'>> {
  const validate = mode === 'verify' || mode === 'verify-replay' || mode === 'verify-replay-check';
  // As the command line replays: no game's timeline kept until a correction asks for it (the bench log has none).
  const replayer =
    mode === 'parse' || mode === 'verify'
      ? null
      : new Replayer({ checkDecisions: mode === 'verify-replay-check', history: new Set() });
  let events = 0;
  const started = performance.now();
  if (mode === 'replay' && replayer !== null) {
    // The engine's path for a verified log: the lines the rules ignore are counted, not parsed.
    await replayVerifiedLog(path, replayer);
    return { mode, events: replayer.version, ms: performance.now() - started, mismatches: replayer.mismatches.length };
  }
  for await (const batch of readLog(path, { validate })) {
    events += batch.length;
    replayer?.applyAll(batch);
  }
  const mismatches = replayer?.finish().length ?? 0;
  if ((replayer?.historyNeeded.size ?? 0) > 0) throw new Error('the bench log holds a correction: replayed twice');
  return { mode, events, ms: performance.now() - started, mismatches };
}

/** The child's side: one pass, its result as one JSON line on standard output. */
export async function child(mode: string, path: string): Promise<void> {
  if (!isMode(mode)) throw new Error(`unknown mode ${mode}`);
  const result = await pass(mode, path);
  const out: ChildResult = { ...result, maxRssMb: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

function runChild(mode: Mode, path: string): ChildResult {
  const run = spawnSync(process.execPath, [benchScript, '--child', mode, path], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) throw new Error(`child ${mode} failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as ChildResult;
}

/**
 * The environment without NODE_EXTRA_CA_CERTS: node then skips reading that certificate file at startup (about
 * 45 ms per process on these machines, docs/performance.md). Measured as well, for comparison only.
/** A pass's best time of the runs, its median, its rate and its peak memory. */
export interface PassSummary {
  readonly ms: number;
  readonly medianMs: number;
  readonly eventsPerSecond: number;
  readonly maxRssMb: number;
}
export type Passes = Record<Mode, PassSummary>;

/**
 * Every pass `runs` times over the log at `path` of `events` events, interleaved so that load on the machine
 * spreads over all of them; the best of `runs` counts.
 */
export function measurePasses(path: string, events: number, runs: number, say: (text: string) => void): Passes {
  const modes = Object.keys(MODES) as Mode[];
  const results = new Map<Mode, ChildResult[]>(modes.map((m) => [m, []]));
  for (let r = 0; r < runs; r += 1) {
    for (const mode of modes) {
      const result = runChild(mode, path);
      if (result.events !== events) throw new Error(`${mode} read ${result.events} events, expected ${events}`);
      if (result.mismatches !== 0) throw new Error(`${mode}: ${result.mismatches} mismatches in a generated log`);
      results.get(mode)?.push(result);
      say(`  run ${r + 1}/${runs} ${mode.padEnd(19)} ${fmt(result.ms)} ms, ${fmt(result.maxRssMb)} MB`);
    }
  }
  const summary = (mode: Mode): PassSummary => {
    const all = results.get(mode) ?? [];
    const ms = best(all.map((x) => x.ms));
    return {
      ms,
      medianMs: median(all.map((x) => x.ms)),
      eventsPerSecond: (events / ms) * 1000,
      maxRssMb: Math.max(...all.map((x) => x.maxRssMb)),
    };
  };
  return Object.fromEntries(modes.map((m) => [m, summary(m)])) as Passes;
}

/** A pass's rate as a share of the floor's (the parse pass). */
export const ratio = (passes: Passes, m: Mode): number => passes[m].eventsPerSecond / passes.parse.eventsPerSecond;
