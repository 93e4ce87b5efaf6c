// The correction lines (docs/corrections.md): in a 20,000-event game of 120 turns, the end-of-turn report of 1, 10
// and 100 turns back corrected (British DP level one higher) through the host API on a JSON Lines log, each on a
// fresh copy of the log with the engine already open, against a warm replay of the whole game. A correction decides
// the game again from the report it names: its cost grows with the commands after it, not with the log.
// `BENCH_ONLY=correction npm run bench` runs only these lines.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OriginEvent, StoredEvent } from '../events/index.js';
import { Replayer } from '../src/engine/replay.js';
import { SurrenderEngine } from '../src/host/engine.js';
import { JsonlFileStore } from '../src/store/file/jsonl-file.js';
import { benchGame } from './bench-game.js';
import { formatTable } from './host-bench.js';
import { passes, targetLine, type Target } from './host-run.js';
import { mergeResults, type ResultsFile } from './results-file.js';
import { Generator, LogWriter } from './log-writer.js';
import { rng } from './random.js';
import { best, median } from './timing.js';

const GAME = 'bench-corrected';
const TURNS = 120;
const BACK = [1, 10, 100] as const;

export interface CorrectionBenchResult {
  readonly events: number;
  readonly turns: number;
  /**
   * Per number of turns back: the events after its report, the best and median time of the correction executed
   * (appended, fsync included) and of its preview (decided, nothing appended: the cost of deciding the game again).
   */
  readonly corrections: readonly {
    back: number;
    after: number;
    bestMs: number;
    medianMs: number;
    previewBestMs: number;
    previewMedianMs: number;
  }[];
  readonly warmReplayMs: number;
}

/** The game's log, written as the bench's generator decides it (../bench/generate.ts). */
function writeGame(path: string, target: number): number {
  const extra = Math.max(0, Math.round(target / TURNS) - 31);
  const { commands, openingLength } = benchGame(
    0,
    { extraPerTurn: [extra, extra], turns: TURNS, germanSurrender: false },
    rng(1944),
  );
  const writer = new LogWriter(path);
  const generator = new Generator(writer);
  for (const [i, origin] of commands.entries()) generator.execute(GAME, origin, i >= openingLength);
  writer.close();
  return writer.tip.seq;
}

async function readAll(path: string): Promise<StoredEvent[]> {
  const store = await JsonlFileStore.open(path);
  const events: StoredEvent[] = [];
  for await (const batch of store.read({ from: 1 })) events.push(...batch);
  await store.close();
  return events;
}

/** The correction of the end-of-turn report `back` turns before the last: British DP level one higher. */
function correctionOf(events: readonly StoredEvent[], back: number): { command: OriginEvent; after: number } {
  const reports = events.filter(
    (e): e is StoredEvent & { type: 'host.game-turn-ended' } => e.type === 'host.game-turn-ended',
  );
  const report = reports[reports.length - back];
  if (report === undefined) throw new Error(`the bench game has no report ${back} turns back`);
  const britain = { ...report.data.britain, britishDpLevel: report.data.britain.britishDpLevel + 1 };
  return {
    command: {
      type: 'host.report-corrected',
      data: { seq: report.seq, report: { type: report.type, data: { ...report.data, britain } } },
    },
    after: (events.at(-1)?.seq ?? 0) - report.seq,
  };
}

export async function correctionBench(runs: number): Promise<CorrectionBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'awaw-bench-correction-'));
  try {
    const original = join(dir, 'game.jsonl');
    const events = writeGame(original, 20_000);
    const log = await readAll(original);
    const replays: number[] = [];
    for (let i = 0; i < runs * 3; i += 1) {
      const started = performance.now();
      new Replayer({ checkDecisions: false }).applyAll(log);
      replays.push(performance.now() - started);
    }
    const corrections = [];
    for (const back of BACK) {
      const { command, after } = correctionOf(log, back);
      const times: number[] = [];
      const previews: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        // Each on an engine of its own: an engine keeps the correction it last decided for the append that follows.
        for (const kind of ['preview', 'execute'] as const) {
          const path = join(dir, `copy-${back}-${i}-${kind}.jsonl`);
          copyFileSync(original, path);
          const engine = await SurrenderEngine.open(await JsonlFileStore.open(path));
          const started = performance.now();
          const result = kind === 'preview' ? await engine.preview(GAME, command) : await engine.execute(GAME, command);
          (kind === 'preview' ? previews : times).push(performance.now() - started);
          await engine.close();
          if (!result.ok) throw new Error(`the correction ${back} turns back was refused: ${result.rejection.message}`);
        }
      }
      corrections.push({
        back,
        after,
        bestMs: best(times),
        medianMs: median(times),
        previewBestMs: best(previews),
        previewMedianMs: median(previews),
      });
    }
    return { events, turns: TURNS, corrections, warmReplayMs: best(replays) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (n: number): string => n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function correctionRows(r: CorrectionBenchResult): string[][] {
  return [
    [
      `corrections, ${r.events.toLocaleString('en-US')}-event game of ${r.turns} turns`,
      'execute best / median ms',
      'preview best / median ms',
      'events after',
    ],
    ...r.corrections.map((c) => [
      `(c) a report ${c.back} turn${c.back === 1 ? '' : 's'} back corrected, host API, JSON Lines log`,
      `${ms(c.bestMs)} / ${ms(c.medianMs)}`,
      `${ms(c.previewBestMs)} / ${ms(c.previewMedianMs)}`,
      c.after.toLocaleString('en-US'),
    ]),
    ['(c) warm replay of the whole game (for scale)', ms(r.warmReplayMs), '', ''],
  ];
}

const at = (r: CorrectionBenchResult, back: number) => r.corrections.find((c) => c.back === back);

export const correctionTargets = (r: CorrectionBenchResult): Target[] => [
  {
    name: '(c) a correction 100 turns back in a 20,000-event game, appended',
    value: at(r, 100)?.bestMs ?? 0,
    limit: 250,
    unit: 'ms',
    kind: 'max',
  },
  {
    name: '(c) deciding a correction 10 turns back / 100 turns back (the cost follows the events after it)',
    value: (at(r, 10)?.previewBestMs ?? 0) / (at(r, 100)?.previewBestMs ?? 1),
    limit: 0.3,
    unit: 'x',
    kind: 'max',
  },
];

export async function runCorrection(say: (text: string) => void): Promise<CorrectionBenchResult> {
  const runs = Math.max(3, Number(process.env['BENCH_RUNS'] ?? 3) * 2);
  say(`correction lines: best of ${runs} ...`);
  const result = await correctionBench(runs);
  for (const line of formatTable(correctionRows(result))) say(line);
  say('');
  return result;
}

/** `BENCH_ONLY=correction`: the correction lines alone, merged into the results file (the other lines as they were). */
export async function correctionOnly(file: ResultsFile): Promise<void> {
  const say = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  const correction = await runCorrection(say);
  const targets = correctionTargets(correction);
  for (const t of targets) say(targetLine(t));
  mergeResults(
    file,
    { correctionDate: new Date().toISOString(), correction },
    targets.map((t) => ({ ...t, pass: passes(t) })),
    (t) => t.name.startsWith('(c)'),
  );
  say(`\nwrote ${file.name} (correction lines)`);
}
