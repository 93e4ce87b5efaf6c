// The pending-decisions lines of `npm run bench`: what `pendingDecisions(view)` costs, choices included, at the
// decisive turns of the bundled example games (every view after which a decision is pending), and with a `tried`
// partial command (the example's own answer cut to half its picks) for the selections and the demand, as a host
// building a move step by step asks for it. `BENCH_ONLY=pending npm run bench` runs only these lines.
import { readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { definitionOf, type OriginEvent, type StoredEvent } from '../events/index.js';
import type { GameView } from '../src/engine/game-view.js';
import { pendingDecisions } from '../src/engine/pending.js';
import { Replayer } from '../src/engine/replay.js';
import { readLog } from '../src/store/file/scan.js';
import { formatTable } from './host-bench.js';
import { passes, targetLine, type Target } from './host-run.js';
import { mergeResults, type ResultsFile } from './results-file.js';

/** One timed point: a game, the event just before it, what is pending there, and the time per call in µs. */
export interface PendingPoint {
  readonly game: string;
  readonly seq: number;
  readonly after: string;
  readonly decisions: readonly string[];
  readonly tried: string | null;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly maxUs: number;
}

export interface PendingBenchResult {
  readonly iterations: number;
  readonly points: number;
  /** The decisive turns without a command tried: the one with the highest median. */
  readonly worst: PendingPoint;
  /** With a tried partial command (selections and demand): the one with the highest median. */
  readonly worstTried: PendingPoint;
  /** Per decision (its name, `+ tried` with a tried command): the highest median and p99 of its turns, in µs. */
  readonly byDecision: Readonly<Record<string, { readonly p50Us: number; readonly p99Us: number }>>;
}

function byDecision(points: readonly PendingPoint[]): Record<string, { p50Us: number; p99Us: number }> {
  const out: Record<string, { p50Us: number; p99Us: number }> = {};
  for (const p of points) {
    const key = `${p.decisions.join(', ')}${p.tried === null ? '' : ' + tried'}`;
    const seen = out[key];
    out[key] = { p50Us: Math.max(seen?.p50Us ?? 0, p.p50Us), p99Us: Math.max(seen?.p99Us ?? 0, p.p99Us) };
  }
  return out;
}

/** The commands that answer a selection or demand, and their picks cut to half (each list to its first half). */
const half = <T>(xs: readonly T[]): T[] => xs.slice(0, Math.floor(xs.length / 2));
function halved(event: StoredEvent): OriginEvent | null {
  const { type, data } = event as unknown as { type: string; data: Record<string, unknown> };
  if (type === 'britain.forces-selected' && Array.isArray(data['selection']))
    return { type, data: { ...data, selection: half(data['selection']) } } as OriginEvent;
  if (type === 'italy.forces-selected' && typeof data['selection'] === 'object' && data['selection'] !== null) {
    const selection = Object.fromEntries(
      Object.entries(data['selection']).map(([k, v]) => [k, Array.isArray(v) ? half(v) : v]),
    );
    return { type, data: { ...data, selection } } as OriginEvent;
  }
  if (type === 'britain.terms-demanded') {
    const demand = data['demand'] as { take: string[]; minors: unknown[]; indemnityBrps: number; return: string[] };
    const take = half(demand.take);
    const toItaly = Array.isArray(data['toItaly'])
      ? (data['toItaly'] as string[]).filter((t) => take.includes(t))
      : data['toItaly'];
    return {
      type,
      data: { ...data, demand: { ...demand, take, minors: half(demand.minors), return: half(demand.return) }, toItaly },
    } as OriginEvent;
  }
  return null;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

/** Times one call many times, each call on its own (µs), after a warm-up. */
function time(iterations: number, body: () => unknown): { p50Us: number; p99Us: number; maxUs: number } {
  let sink = 0;
  for (let i = 0; i < Math.min(200, iterations); i += 1) sink += body() === null ? 1 : 0;
  const times = new Float64Array(iterations);
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    sink += body() === null ? 1 : 0;
    times[i] = (performance.now() - started) * 1000;
  }
  if (sink < 0) throw new Error('unreachable');
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Us: percentile(sorted, 0.5), p99Us: percentile(sorted, 0.99), maxUs: sorted.at(-1) ?? Number.NaN };
}

interface Candidate {
  readonly game: string;
  readonly seq: number;
  readonly after: string;
  readonly view: GameView;
  readonly tried: OriginEvent | null;
}

/** Every decisive turn of a log: the view after each rule event after which something is pending. */
async function candidates(path: string): Promise<Candidate[]> {
  const replayer = new Replayer({ checkDecisions: false });
  const out: Candidate[] = [];
  let before: { view: GameView; after: string; seq: number } | null = null;
  for await (const batch of readLog(path, { validate: true })) {
    for (const event of batch) {
      const tried = before === null ? null : halved(event);
      if (before !== null && tried !== null) {
        if (definitionOf(tried.type)?.data.firstError(tried.data) !== null)
          throw new Error(`${path}: the halved ${tried.type} is not a well-formed command`);
        out.push({ game: event.game, seq: before.seq, after: before.after, view: before.view, tried });
      }
      replayer.apply(event);
      // A host's own lines change nothing pending: the decisive view stays the one before them.
      if (event.type === 'host.logged') continue;
      const view = replayer.view(event.game);
      before = null;
      if (view === undefined || pendingDecisions(view).length === 0) continue;
      before = { view, after: event.type, seq: event.seq };
      out.push({ game: event.game, seq: event.seq, after: event.type, view, tried: null });
    }
  }
  return out;
}

export async function pendingBench(examples: string, iterations: number): Promise<PendingBenchResult> {
  const files = readdirSync(examples)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const all: PendingPoint[] = [];
  for (const file of files) {
    for (const c of await candidates(join(examples, file))) {
      const tried = c.tried ?? undefined;
      const decisions = pendingDecisions(c.view, tried).map((d) => d.decision);
      // A copy of the view each call: the engine keeps a view's decisions once computed (src/engine/pending.ts),
      // and what is timed is their computation, as after the command that brought the game to this turn.
      const body = (): unknown => pendingDecisions({ ...c.view }, tried);
      all.push({
        game: c.game,
        seq: c.seq,
        after: c.after,
        decisions,
        tried: c.tried?.type ?? null,
        ...time(iterations, body),
      });
    }
  }
  const worstOf = (points: readonly PendingPoint[]): PendingPoint => {
    const first = points[0];
    if (first === undefined) throw new Error('no decisive turn in the examples');
    return points.reduce((w, p) => (p.p50Us > w.p50Us ? p : w), first);
  };
  return {
    iterations,
    points: all.length,
    worst: worstOf(all.filter((p) => p.tried === null)),
    worstTried: worstOf(all.filter((p) => p.tried !== null)),
    byDecision: byDecision(all),
  };
}

const us = (n: number): string => n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const where = (p: PendingPoint): string => `${p.game} #${p.seq} (${p.decisions.join(', ')})`;

export function pendingRows(r: PendingBenchResult): string[][] {
  const row = (label: string, p: PendingPoint): string[] => [label, us(p.p50Us), us(p.p99Us), where(p)];
  return [
    ['pending decisions, choices included', 'p50 µs', 'p99 µs', 'worst decisive turn'],
    row(`(pd) pendingDecisions(view), ${r.points} points of the examples`, r.worst),
    row('(pd) same with a tried command, half its picks', r.worstTried),
  ];
}

/** The target is on the median call: a p99 of single calls on a shared machine measures its scheduler. */
export const pendingTargets = (r: PendingBenchResult): Target[] => [
  {
    name: '(pd) pending decisions at the worst decisive turn, median call',
    value: r.worst.p50Us,
    limit: 1000,
    unit: 'µs',
    kind: 'max',
  },
  {
    name: '(pd) same with a tried partial command, median call',
    value: r.worstTried.p50Us,
    limit: 1000,
    unit: 'µs',
    kind: 'max',
  },
];

export async function runPending(root: string, say: (text: string) => void): Promise<PendingBenchResult> {
  const iterations = Math.max(100, Number(process.env['BENCH_PENDING_ITERATIONS'] ?? 2000));
  const result = await pendingBench(join(root, 'examples'), iterations);
  for (const line of formatTable(pendingRows(result))) say(line);
  say('');
  return result;
}

/** `BENCH_ONLY=pending`: the pending-decisions lines alone, merged into the results file. */
export async function pendingOnly(root: string, file: ResultsFile): Promise<void> {
  const say = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  say(
    `${cpus().length} cpus, node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const pending = await runPending(root, say);
  const targets = pendingTargets(pending);
  for (const t of targets) say(targetLine(t));
  mergeResults(
    file,
    { pendingDate: new Date().toISOString(), pendingLoadavg: loadavg(), pending },
    targets.map((t) => ({ ...t, pass: passes(t) })),
    (t) => t.name.startsWith('(pd)'),
  );
  say(`\nwrote ${file.name} (pending lines)`);
}
