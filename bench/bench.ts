// `npm run bench`: the replay benchmark (docs/performance.md). A measurement, not a test: it prints PASS or
// MISS per target and exits 0 either way (1 only when the benchmark itself cannot run).
//
//   node dist/bench/bench.js                      generate, measure, print the table, write bench/results.local.json
//   node dist/bench/bench.js --write-results      the same, written to the committed bench/results.json
//                                                 (or BENCH_WRITE_RESULTS=1; ./results-file.ts)
//   node dist/bench/bench.js --child MODE FILE    one timed pass over FILE in this process (used by the above)
//
// Environment: BENCH_EVENTS (default 1000000), BENCH_RUNS (best of, default 3), BENCH_KEEP=1 keeps the logs,
// BENCH_ONLY=host only the host lines (./host-bench.ts; merged into the results file), BENCH_COMMANDS (500),
// BENCH_ONLY=http only the HTTP server on PostgreSQL against pgbench (./http-bench.ts; merged likewise),
// BENCH_ONLY=pending only the pending decisions at the examples' decisive turns (./pending-bench.ts; likewise).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateGame, generateLog, type GeneratedLog } from './generate.js';
import { formatTable, hostTargets } from './host-bench.js';
import { httpOnly, httpTargets, runHttp } from './http-bench.js';
import { hostOnly, passes, runHost, targetLine } from './host-run.js';
import { pendingOnly, pendingTargets, runPending } from './pending-bench.js';
import { correctionOnly, correctionTargets, runCorrection } from './correction-bench.js';
import { child, measurePasses, MODES, ratio, type Mode } from './replay-passes.js';
import { replayRows, replayTargets } from './replay-table.js';
import { readBenchArgs, resultsFile, writeResults, type ResultsFile } from './results-file.js';
import { timeSingleGame } from './single-game.js';
import { best, extraCerts, fmt, median } from './timing.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The project root: this file runs as dist/bench/bench.js. */
const root = resolve(here, '..', '..');
const cli = join(root, 'dist', 'awaw-surrender.cjs'); // the package's bin (scripts/bundle.mjs)

async function main(file: ResultsFile): Promise<void> {
  const target = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);
  const runs = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 3));
  const dir = mkdtempSync(join(tmpdir(), 'awaw-bench-'));
  const say = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  try {
    const bigPath = join(dir, 'big.jsonl');
    const gamePath = join(dir, 'game-20k.jsonl');
    say(`generating a log of ${fmt(target)} events in ${dir} ...`);
    const big: GeneratedLog = generateLog(bigPath, target);
    say(
      `  ${fmt(big.events)} events, ${fmt(big.games)} games, ${fmt(big.bytes / 1048576, 1)} MiB in ` +
        `${fmt(big.ms / 1000, 1)} s`,
    );
    const logged = big.counts['host.logged'] ?? 0;
    say(
      `  host.logged ${fmt((100 * logged) / big.events, 1)}%; rule events: ${Object.entries(big.counts)
        .filter(([t]) => t !== 'host.logged')
        .map(([t, n]) => `${t} ${fmt(n)}`)
        .join(', ')}`,
    );
    const single: GeneratedLog = generateGame(gamePath, 20_000);
    say(`  single game: ${fmt(single.events)} events, ${fmt(single.bytes / 1048576, 1)} MiB`);
    const calcPath = join(dir, 'british-resistance.json');
    if (big.britishInput === null) throw new Error('the log holds no British resistance decision');
    // The calculator's input (docs/cli.md) is the engine's less what only the engine keeps apart (59.22F: at war
    // with Germany, not only with the European Axis).
    const { atWarWithGermany: _engineOnly, ...calculatorInput } = big.britishInput;
    writeFileSync(calcPath, JSON.stringify(calculatorInput));

    // (i)-(iii): each pass in its own process (its own peak memory), the best of `runs` counting.
    const modes = Object.keys(MODES) as Mode[];
    const s = measurePasses(bigPath, big.events, runs, say);
    // (iv) one 20,000-event game: warm in this process, and as a fresh `awaw-surrender replay` process.
    const repeats = Math.max(10, runs * 5);
    const times = await timeSingleGame(cli, gamePath, calcPath, repeats);
    const { warmParse, warmReplay, warmCommand, freshFirst, freshReplay, calculator, nodeAlone, bare } = times;
    const targets = replayTargets(s, times);

    say('');
    say(
      `${fmt(big.events)} events, ${fmt(big.games)} games; best of ${runs} (median in brackets); ` +
        `${cpus().length} cpus, node ${process.version}, load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    for (const line of formatTable(replayRows(s, single.events, times))) say(line);
    say('');
    const host = await runHost(dir, cli, say);
    const pending = await runPending(root, say);
    const correction = await runCorrection(say);
    const http = await runHttp(cli, say);
    const all = [
      ...targets,
      ...hostTargets(host),
      ...pendingTargets(pending),
      ...correctionTargets(correction),
      ...httpTargets(http),
    ];
    for (const t of all) say(targetLine(t));

    const report = {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
        totalMemMb: Math.round(totalmem() / 1048576),
        freeMemMb: Math.round(freemem() / 1048576),
        loadavg: loadavg(),
        nodeExtraCaCerts: extraCerts,
      },
      runs,
      log: {
        events: big.events,
        games: big.games,
        bytes: big.bytes,
        generationMs: Math.round(big.ms),
        counts: big.counts,
      },
      replayToParseRatio: ratio(s, 'replay'),
      verifyToParseRatio: ratio(s, 'verify-replay'),
      verifyWithDecisionsToParseRatio: ratio(s, 'verify-replay-check'),
      timings: Object.fromEntries(modes.map((m) => [m, { description: MODES[m], ...s[m] }])),
      singleGame: {
        events: single.events,
        warmReplayMs: best(warmReplay),
        warmReplayMedianMs: median(warmReplay),
        warmReplayCommandMs: best(warmCommand),
        warmReplayCommandMedianMs: median(warmCommand),
        freshReplayProcessMs: best(freshReplay),
        freshReplayProcessMedianMs: median(freshReplay),
        freshReplayUnseenLogProcessMs: best(freshFirst),
        freshReplayUnseenLogProcessMedianMs: median(freshFirst),
      },
      calculatorProcessMs: best(calculator),
      calculatorProcessMedianMs: median(calculator),
      calculatorUncachedProcessMs: best(times.uncached),
      calculatorUncachedProcessMedianMs: median(times.uncached),
      nodeStartupMs: best(nodeAlone),
      singleGameWarmParseMs: best(warmParse),
      withoutExtraCaCerts:
        bare === null
          ? null
          : {
              nodeStartupMs: best(bare.node),
              calculatorProcessMs: best(bare.calculator),
              freshReplayProcessMs: best(bare.replay),
              freshReplayFullProcessMs: best(bare.first),
            },
      host,
      pending,
      correction,
      http,
      targets: all.map((t) => ({ ...t, pass: passes(t) })),
    };
    writeResults(file, report);
    say(`\nwrote ${file.name}`);
  } finally {
    if (process.env['BENCH_KEEP'] === '1') say(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

const argv = process.argv.slice(2);
const only = process.env['BENCH_ONLY'];

/** The run the arguments ask for: one timed pass (`--child`), some lines alone (BENCH_ONLY), or the whole bench. */
function run(): Promise<void> {
  if (argv[0] === '--child') return child(argv[1] ?? '', argv[2] ?? '');
  const args = readBenchArgs(argv);
  if ('error' in args) {
    // A mistyped flag is said in one line, and nothing is measured (nor written).
    process.stderr.write(`${args.error}\n`);
    process.exitCode = 1;
    return Promise.resolve();
  }
  const file = resultsFile(root, args.writeResults);
  if (only === 'host') return hostOnly(file, cli);
  if (only === 'http') return httpOnly(file, cli);
  if (only === 'pending') return pendingOnly(root, file);
  if (only === 'correction') return correctionOnly(file);
  return main(file);
}

const work = run();
work.catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
