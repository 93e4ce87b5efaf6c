// `npm run bench`: the replay benchmark (docs/performance.md). A measurement, not a test: it prints PASS or
// MISS per target and exits 0 either way (1 only when the benchmark itself cannot run).
//
//   node dist/bench/bench.js                      generate, measure, print the table, write bench/results.json
//   node dist/bench/bench.js --child MODE FILE    one timed pass over FILE in this process (used by the above)
//
// Environment: BENCH_EVENTS (default 1000000), BENCH_RUNS (best of, default 3), BENCH_KEEP=1 keeps the logs,
// BENCH_ONLY=host only the host lines (./host-bench.ts; merged into bench/results.json), BENCH_COMMANDS (500),
// BENCH_ONLY=http only the HTTP server on PostgreSQL against pgbench (./http-bench.ts; merged likewise),
// BENCH_ONLY=pending only the pending decisions at the examples' decisive turns (./pending-bench.ts; likewise).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryIo } from '../src/cli/io.js';
import { runCli } from '../src/cli/run.js';
import { Replayer } from '../src/engine/replay.js';
import { replayVerifiedLog } from '../src/host/file/replay-file.js';
import { readLog } from '../src/store/file/scan.js';
import { generateGame, generateLog, type GeneratedLog } from './generate.js';
import { formatTable, hostTargets } from './host-bench.js';
import { httpOnly, httpTargets, runHttp } from './http-bench.js';
import { hostOnly, passes, runHost, targetLine, type Target } from './host-run.js';
import { pendingOnly, pendingTargets, runPending } from './pending-bench.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The project root: this file runs as dist/bench/bench.js. */
const root = resolve(here, '..', '..');
const cli = join(root, 'dist', 'awaw-surrender.cjs'); // the package's bin (scripts/bundle.mjs)

/** One pass over a log, as the child process measures it. */
const MODES = {
  parse: 'stream + JSON.parse of every line (the floor)',
  replay: 'replay a verified log (replayVerifiedLog: validate false, host.logged lines counted not parsed)',
  verify: 'verify only (schema + hash chain, no engine)',
  'verify-replay': 'verify + replay (validate: true, checkDecisions: false)',
  'verify-replay-check': 'verify + replay + re-derive decisions (as `awaw-surrender replay`)',
} as const;
type Mode = keyof typeof MODES;
const isMode = (m: string): m is Mode => Object.hasOwn(MODES, m);

interface ChildResult {
  readonly mode: Mode;
  readonly events: number;
  readonly ms: number;
  readonly maxRssMb: number;
  readonly mismatches: number;
}

async function pass(mode: Mode, path: string): Promise<Omit<ChildResult, 'maxRssMb'>> {
  const validate = mode === 'verify' || mode === 'verify-replay' || mode === 'verify-replay-check';
  const replayer =
    mode === 'parse' || mode === 'verify' ? null : new Replayer({ checkDecisions: mode === 'verify-replay-check' });
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
  return { mode, events, ms: performance.now() - started, mismatches };
}

async function child(mode: string, path: string): Promise<void> {
  if (!isMode(mode)) throw new Error(`unknown mode ${mode}`);
  const result = await pass(mode, path);
  const out: ChildResult = { ...result, maxRssMb: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

function runChild(mode: Mode, path: string): ChildResult {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', mode, path], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) throw new Error(`child ${mode} failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as ChildResult;
}

/**
 * The environment without NODE_EXTRA_CA_CERTS: node then skips reading that certificate file at startup (about
 * 45 ms per process on these machines, docs/performance.md). Measured as well, for comparison only.
 */
const withoutExtraCerts = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_EXTRA_CA_CERTS'));
const extraCerts = process.env['NODE_EXTRA_CA_CERTS'] !== undefined;

/** Wall time of a whole process, in ms; throws unless it exits with `expectedCode`. */
function timeProcess(args: readonly string[], expectedCode = 0, env: NodeJS.ProcessEnv = process.env): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20, env });
  const ms = performance.now() - started;
  if (run.status !== expectedCode)
    throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr.slice(0, 500)}`);
  return ms;
}

const best = (xs: readonly number[]): number => Math.min(...xs);
const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function timeWarm(repeats: number, body: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) await body(); // warm-up: JIT, compiled schemas, file cache
  const times: number[] = [];
  for (let i = 0; i < repeats; i += 1) {
    const started = performance.now();
    await body();
    times.push(performance.now() - started);
  }
  return times;
}

async function main(): Promise<void> {
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

    // (i)-(iii): each pass in its own process (its own peak memory), interleaved so that load on the machine
    // spreads over all of them; the best of `runs` counts.
    const modes = Object.keys(MODES) as Mode[];
    const results = new Map<Mode, ChildResult[]>(modes.map((m) => [m, []]));
    for (let r = 0; r < runs; r += 1) {
      for (const mode of modes) {
        const result = runChild(mode, bigPath);
        if (result.events !== big.events)
          throw new Error(`${mode} read ${result.events} events, expected ${big.events}`);
        if (result.mismatches !== 0) throw new Error(`${mode}: ${result.mismatches} mismatches in a generated log`);
        results.get(mode)?.push(result);
        say(`  run ${r + 1}/${runs} ${mode.padEnd(19)} ${fmt(result.ms)} ms, ${fmt(result.maxRssMb)} MB`);
      }
    }
    const summary = (mode: Mode) => {
      const all = results.get(mode) ?? [];
      const ms = best(all.map((x) => x.ms));
      return {
        ms,
        medianMs: median(all.map((x) => x.ms)),
        eventsPerSecond: (big.events / ms) * 1000,
        maxRssMb: Math.max(...all.map((x) => x.maxRssMb)),
      };
    };
    const s = Object.fromEntries(modes.map((m) => [m, summary(m)])) as Record<Mode, ReturnType<typeof summary>>;
    const ratio = (m: Mode): number => s[m].eventsPerSecond / s.parse.eventsPerSecond;

    // (iv) one 20,000-event game: warm in this process, and as a fresh `awaw-surrender replay` process.
    const repeats = Math.max(10, runs * 5);
    const warmParse = await timeWarm(repeats, async () => {
      for await (const batch of readLog(gamePath, { validate: false }))
        if (batch.length === 0) throw new Error('empty batch');
    });
    const warmReplay = await timeWarm(repeats, async () => {
      await replayVerifiedLog(gamePath);
    });
    const warmCommand = await timeWarm(repeats, async () => {
      const code = await runCli(['replay', gamePath], memoryIo());
      if (code !== 0) throw new Error(`replay exited ${code}`);
    });
    // A fresh process on a log it has never seen: every line checked, every decision re-derived, the log marked.
    const mark = `${gamePath}.verified.json`;
    const freshFirst = Array.from({ length: repeats }, () => {
      rmSync(mark, { force: true });
      return timeProcess([cli, 'replay', gamePath]);
    });
    // And on a log already verified: the mark beside it vouches for its bytes (src/store/file/verified-mark.ts).
    if (!existsSync(mark)) throw new Error('replay wrote no verification mark');
    const freshReplay = Array.from({ length: repeats }, () => timeProcess([cli, 'replay', gamePath]));
    // (v) a calculator call as a whole process, and node itself for scale.
    const calculator = Array.from({ length: repeats }, () => timeProcess([cli, 'british-resistance', calcPath]));
    const nodeAlone = Array.from({ length: repeats }, () => timeProcess(['-e', '0']));
    const bare = extraCerts
      ? {
          node: Array.from({ length: repeats }, () => timeProcess(['-e', '0'], 0, withoutExtraCerts)),
          calculator: Array.from({ length: repeats }, () =>
            timeProcess([cli, 'british-resistance', calcPath], 0, withoutExtraCerts),
          ),
          replay: Array.from({ length: repeats }, () => timeProcess([cli, 'replay', gamePath], 0, withoutExtraCerts)),
          first: Array.from({ length: repeats }, () =>
            timeProcess([cli, 'replay', '--full', gamePath], 0, withoutExtraCerts),
          ),
        }
      : null;

    const targets: Target[] = [
      { name: '(ii) replay / floor, events/s', value: ratio('replay'), limit: 0.5, unit: 'ratio', kind: 'min' },
      {
        name: '(iii) verify + replay / floor, events/s',
        value: ratio('verify-replay'),
        limit: 0.5,
        unit: 'ratio',
        kind: 'min',
      },
      {
        name: '(iii) verify + replay + re-derivation / floor',
        value: ratio('verify-replay-check'),
        limit: 0.25,
        unit: 'ratio',
        kind: 'min',
      },
      { name: '(iv) 20k-event game, warm replay', value: best(warmReplay), limit: 30, unit: 'ms', kind: 'max' },
      {
        name: '(iv) 20k-event game, fresh `replay` process (verified log)',
        value: best(freshReplay),
        limit: 250,
        unit: 'ms',
        kind: 'max',
      },
      { name: 'peak memory of the 1M replay', value: s.replay.maxRssMb, limit: 200, unit: 'MB', kind: 'max' },
      { name: '(v) calculator call, whole process', value: best(calculator), limit: 150, unit: 'ms', kind: 'max' },
    ];

    say('');
    say(
      `${fmt(big.events)} events, ${fmt(big.games)} games; best of ${runs} (median in brackets); ` +
        `${cpus().length} cpus, node ${process.version}, load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    const rows: string[][] = [['measurement', 'time ms', 'events/s', 'vs (i)', 'peak RSS MB']];
    const label: Record<Mode, string> = {
      parse: '(i) stream + JSON.parse (floor)',
      replay: '(ii) replay, verified log',
      verify: '     verify only',
      'verify-replay': '(iii) verify + replay',
      'verify-replay-check': '(iii) verify + replay + re-derivation',
    };
    for (const m of modes)
      rows.push([
        label[m],
        `${fmt(s[m].ms)} (${fmt(s[m].medianMs)})`,
        fmt(s[m].eventsPerSecond),
        `${fmt(100 * ratio(m))}%`,
        fmt(s[m].maxRssMb),
      ]);
    rows.push([
      `(iv) ${fmt(single.events)}-event game, warm stream + parse`,
      `${fmt(best(warmParse), 1)} (${fmt(median(warmParse), 1)})`,
      fmt((single.events / best(warmParse)) * 1000),
      '100%',
      '',
    ]);
    rows.push([
      `(iv) same, warm replay`,
      `${fmt(best(warmReplay), 1)} (${fmt(median(warmReplay), 1)})`,
      fmt((single.events / best(warmReplay)) * 1000),
      `${fmt((100 * best(warmParse)) / best(warmReplay))}%`,
      '',
    ]);
    rows.push([
      `(iv) same, warm \`replay\` command`,
      `${fmt(best(warmCommand), 1)} (${fmt(median(warmCommand), 1)})`,
      fmt((single.events / best(warmCommand)) * 1000),
      '',
      '',
    ]);
    rows.push([
      `(iv) same, fresh \`replay\` process, verified log (its mark)`,
      `${fmt(best(freshReplay))} (${fmt(median(freshReplay))})`,
      '',
      '',
      '',
    ]);
    rows.push([
      `     same, fresh \`replay\`, a log never seen`,
      `${fmt(best(freshFirst))} (${fmt(median(freshFirst))})`,
      '',
      '',
      '',
    ]);
    rows.push(['(v) british-resistance process', `${fmt(best(calculator))} (${fmt(median(calculator))})`, '', '', '']);
    rows.push(['     node -e 0 (for scale)', `${fmt(best(nodeAlone))} (${fmt(median(nodeAlone))})`, '', '', '']);
    if (bare !== null) {
      rows.push([
        '     without NODE_EXTRA_CA_CERTS: node -e 0',
        `${fmt(best(bare.node))} (${fmt(median(bare.node))})`,
        '',
        '',
        '',
      ]);
      rows.push([
        '     without it: british-resistance process',
        `${fmt(best(bare.calculator))} (${fmt(median(bare.calculator))})`,
        '',
        '',
        '',
      ]);
      rows.push([
        '     without it: fresh `replay`, verified log',
        `${fmt(best(bare.replay))} (${fmt(median(bare.replay))})`,
        '',
        '',
        '',
      ]);
      rows.push([
        '     without it: fresh `replay --full`',
        `${fmt(best(bare.first))} (${fmt(median(bare.first))})`,
        '',
        '',
        '',
      ]);
    }
    for (const line of formatTable(rows)) say(line);
    say('');
    const host = await runHost(dir, cli, say);
    const pending = await runPending(root, say);
    const http = await runHttp(cli, say);
    const all = [...targets, ...hostTargets(host), ...pendingTargets(pending), ...httpTargets(http)];
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
      replayToParseRatio: ratio('replay'),
      verifyToParseRatio: ratio('verify-replay'),
      verifyWithDecisionsToParseRatio: ratio('verify-replay-check'),
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
      http,
      targets: all.map((t) => ({ ...t, pass: passes(t) })),
    };
    writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
    say(`\nwrote bench/results.json`);
  } finally {
    if (process.env['BENCH_KEEP'] === '1') say(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

const argv = process.argv.slice(2);
const only = process.env['BENCH_ONLY'];
const work =
  argv[0] === '--child'
    ? child(argv[1] ?? '', argv[2] ?? '')
    : only === 'host'
      ? hostOnly(root, cli)
      : only === 'http'
        ? httpOnly(root, cli)
        : only === 'pending'
          ? pendingOnly(root)
          : main();
work.catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
