// The HTTP lines of `npm run bench` (README, Performance): commands per second and p50/p99 latency of
// `awaw-surrender serve` on PostgreSQL, 100 games and 16 concurrent clients, with 1 and then 3 serve processes,
// against pgbench's single-row insert rate on the same cluster in the same run (the floor, ./http-floor.ts).
// `BENCH_ONLY=http npm run bench` runs only these lines. Environment: BENCH_HTTP_SECONDS (measured, default 10),
// BENCH_HTTP_WARMUP (seconds not counted, default 2), BENCH_CPU_PROF=DIR (`node --cpu-prof` of the serve processes).
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster } from './http-cluster.js';
import { runFloor, type FloorResult } from './http-floor.js';
import { createGames, driveLoad, type LoadResult } from './http-load.js';
import { clusterCpuMs, cpuMs, machineCpuMs, selfCpuMs } from './cpu.js';
import { BENCH_OPERATOR_TOKEN, killServesNow, startServe, stopServes, type ServeProcess } from './http-serve.js';
import { formatTable } from './host-bench.js';
import { passes, targetLine, type Target } from './host-run.js';
import { mergeResults, type ResultsFile } from './results-file.js';

const GAMES = 100;
// 16 clients, as the target is set for; BENCH_HTTP_CLIENTS=N for a run with another number (the floor too).
const CLIENTS = Math.max(1, Math.trunc(Number(process.env['BENCH_HTTP_CLIENTS'] ?? 16)) || 16);
const PROCESSES = [1, 3] as const;

/** CPU ms per command in the measured window: the serve processes, the load generator, PostgreSQL, the machine. */
export interface CpuPerCommand {
  readonly serve: number | null;
  readonly load: number | null;
  readonly postgres: number | null;
  readonly machine: number | null;
}

/** A configuration's figures, with the CPU each party used per command in the measured window. */
export interface HttpRun extends LoadResult {
  readonly cpuMsPerCommand: CpuPerCommand;
  /** Commands' events per transaction over the run (group commit), from the rows' xmin; null when unread. */
  readonly eventsPerCommit: number | null;
}

export interface HttpBenchResult {
  readonly cluster: Readonly<Record<string, string>>;
  readonly floor: FloorResult;
  readonly runs: readonly HttpRun[];
}

type CpuSnapshot = Record<keyof CpuPerCommand, number | null>;

/** The CPU time of each party so far, in ms (null where /proc cannot tell). */
function cpuNow(serves: readonly ServeProcess[], cluster: Cluster): CpuSnapshot {
  const each = serves.map((s) => cpuMs(s.child.pid));
  const serve = each.every((ms) => ms !== null) ? each.reduce<number>((a, b) => a + (b ?? 0), 0) : null;
  return { serve, load: selfCpuMs(), postgres: clusterCpuMs(join(cluster.dir, 'data')), machine: machineCpuMs() };
}

function perCommand(from: CpuSnapshot | null, to: CpuSnapshot, commands: number): CpuPerCommand {
  const one = (key: keyof CpuPerCommand): number | null => {
    const a = from?.[key] ?? null;
    const b = to[key];
    return a === null || b === null || commands === 0 ? null : (b - a) / commands;
  };
  return { serve: one('serve'), load: one('load'), postgres: one('postgres'), machine: one('machine') };
}

/** One configuration: `processes` serve processes on a schema of their own, its games created, then the load. */
async function runServers(
  cluster: Cluster,
  cli: string,
  processes: number,
  seconds: number,
  warmUpSeconds: number,
): Promise<HttpRun> {
  const schema = `bench_http_${processes}`;
  const cpuProfDir = process.env['BENCH_CPU_PROF'] ?? null;
  const serves: ServeProcess[] = [];
  try {
    // The first one migrates the schema; the others then open it as it is.
    for (let i = 0; i < processes; i += 1)
      serves.push(await startServe({ cli, store: cluster.url, schema, cpuProfDir }));
    const servers = serves.map((s) => s.url);
    const games = await createGames(servers[0] ?? '', `p${processes}`, GAMES, BENCH_OPERATOR_TOKEN);
    // The CPU from the end of the warm-up to the end of the load.
    let atStart: CpuSnapshot | null = null;
    const mark = setTimeout(() => (atStart = cpuNow(serves, cluster)), warmUpSeconds * 1000);
    const load = await driveLoad({ servers, games, clients: CLIENTS, seconds, warmUpSeconds });
    clearTimeout(mark);
    const cpu = perCommand(atStart, cpuNow(serves, cluster), load.commands);
    return { ...load, cpuMsPerCommand: cpu, eventsPerCommit: await eventsPerCommit(cluster.url, schema) };
  } finally {
    await stopServes(serves);
  }
}

/** The commands' events (past each game's first) per transaction that wrote them: xmin is the writing transaction. */
async function eventsPerCommit(url: string, schema: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ events: string; commits: string }>(
      `SELECT count(*) AS events, count(DISTINCT xmin::text) AS commits FROM "${schema}".events WHERE seq > 1`,
    );
    const row = rows.rows[0];
    return row === undefined || Number(row.commits) === 0 ? null : Number(row.events) / Number(row.commits);
  } finally {
    await client.end();
  }
}

/** A host.logged line as the server stored it in this run: the floor inserts lines of that size. */
async function storedLine(url: string, schema: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ line: string }>(
      `SELECT line FROM "${schema}".events WHERE seq > 1 ORDER BY position DESC LIMIT 1`,
    );
    const line = rows.rows[0]?.line;
    if (line === undefined) throw new Error(`no event stored in ${schema}`);
    return line;
  } finally {
    await client.end();
  }
}

export async function httpBench(cli: string, say: (text: string) => void): Promise<HttpBenchResult> {
  const seconds = Math.max(1, Number(process.env['BENCH_HTTP_SECONDS'] ?? 10));
  const warmUp = Math.max(0, Number(process.env['BENCH_HTTP_WARMUP'] ?? 2));
  const cluster = await startCluster();
  // Interrupted: nothing may outlive the bench (serve processes, the cluster).
  const interrupted = (): void => {
    killServesNow();
    cluster.stop();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    say(
      `http lines: PostgreSQL ${cluster.settings['server_version']} (fsync ${cluster.settings['fsync']}, ` +
        `synchronous_commit ${cluster.settings['synchronous_commit']}), ${GAMES} games, ${CLIENTS} ` +
        `clients, ${seconds} s after ${warmUp} s warm-up ...`,
    );
    const runs: HttpRun[] = [];
    const one = await runServers(cluster, cli, PROCESSES[0], seconds, warmUp);
    runs.push(one);
    say(`  1 serve process: ${one.commandsPerSecond.toFixed(0)} commands/s`);
    // The floor between the two, on the same cluster, with a line the server stored just now.
    const floor = await runFloor(
      cluster.url,
      cluster.dir,
      CLIENTS,
      seconds,
      await storedLine(cluster.url, 'bench_http_1'),
    );
    say(`  floor: ${floor.tps.toFixed(0)} inserts/s`);
    const three = await runServers(cluster, cli, PROCESSES[1], seconds, warmUp);
    runs.push(three);
    say(`  3 serve processes: ${three.commandsPerSecond.toFixed(0)} commands/s`);
    return { cluster: cluster.settings, floor, runs };
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    cluster.stop();
  }
}

const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The table: the floor and each configuration, with its ratio to the floor. */
export function httpRows(r: HttpBenchResult): string[][] {
  const ms = (n: number | null | undefined): string => (n === null || n === undefined ? '?' : fmt(n, 2));
  const rows = [
    [
      'http lines',
      'per s',
      'vs floor',
      'p50 ms',
      'p99 ms',
      'failed',
      'per commit',
      'CPU ms/cmd: serve / load / pg / machine',
    ],
  ];
  rows.push([
    `(p) floor: pgbench, ${r.floor.clients} clients, 1-row INSERT of ${r.floor.lineBytes} B per commit`,
    fmt(r.floor.tps),
    '100%',
    fmt(r.floor.latency.p50, 2),
    fmt(r.floor.latency.p99, 2),
    fmt(r.floor.failed),
    '1',
    `- / - / ${ms(r.floor.cpuMsPerInsert.postgres)} / ${ms(r.floor.cpuMsPerInsert.machine)}`,
  ]);
  for (const run of r.runs) {
    const label =
      `(p) HTTP, ${run.processes} serve process${run.processes === 1 ? '' : 'es'}, ${run.clients} ` +
      `clients, ${run.games} games`;
    const c = run.cpuMsPerCommand;
    const cpu = [c.serve, c.load, c.postgres, c.machine].map(ms).join(' / ');
    rows.push([
      label,
      fmt(run.commandsPerSecond),
      `${fmt((100 * run.commandsPerSecond) / r.floor.tps)}%`,
      fmt(run.latency.p50, 2),
      fmt(run.latency.p99, 2),
      fmt(run.failures),
      run.eventsPerCommit === null ? '?' : fmt(run.eventsPerCommit, 1),
      cpu,
    ]);
  }
  return rows;
}

/**
 * The targets (100 games, 16 clients): one serve process at least 50% of the floor's rate with a p99 under 20 ms;
 * three processes on the same database at least as many commands a second as the one, for at most 1.5 times its
 * CPU a command (the whole machine's: the processes, their PostgreSQL backends and the load generator share it).
 */
export function httpTargets(r: HttpBenchResult): Target[] {
  const one = r.runs.find((run) => run.processes === 1);
  const three = r.runs.find((run) => run.processes === 3);
  const targets: Target[] = [];
  if (one !== undefined) {
    targets.push(
      {
        name: '(http) 1 serve process: commands/s / floor inserts/s',
        value: one.commandsPerSecond / r.floor.tps,
        limit: 0.5,
        unit: 'ratio',
        kind: 'min',
      },
      { name: '(http) 1 serve process: p99 latency', value: one.latency.p99, limit: 20, unit: 'ms', kind: 'max' },
    );
  }
  if (one === undefined || three === undefined) return targets;
  targets.push({
    name: '(http) 3 serve processes: commands/s / 1 process',
    value: three.commandsPerSecond / one.commandsPerSecond,
    limit: 1,
    unit: 'x',
    kind: 'min',
  });
  const [cpuOne, cpuThree] = [one.cpuMsPerCommand.machine, three.cpuMsPerCommand.machine];
  if (cpuOne !== null && cpuThree !== null && cpuOne > 0) {
    targets.push({
      name: "(http) 3 serve processes: machine CPU ms/command / 1 process's",
      value: cpuThree / cpuOne,
      limit: 1.5,
      unit: 'x',
      kind: 'max',
    });
  }
  return targets;
}

/** Runs the HTTP lines and prints their table (within the whole bench, or alone). */
export async function runHttp(cli: string, say: (text: string) => void): Promise<HttpBenchResult> {
  const http = await httpBench(cli, say);
  say(`floor: ${http.floor.description}`);
  for (const line of formatTable(httpRows(http))) say(line);
  say(
    `${cpus().length} cpus shared with other work; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  say('');
  return http;
}

/** `BENCH_ONLY=http`: the HTTP lines alone, merged into the results file (the other lines as they were). */
export async function httpOnly(file: ResultsFile, cli: string): Promise<void> {
  const say = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  const http = await runHttp(cli, say);
  const targets = httpTargets(http);
  for (const t of targets) say(targetLine(t));
  mergeResults(
    file,
    { httpDate: new Date().toISOString(), httpLoadavg: loadavg(), http },
    targets.map((t) => ({ ...t, pass: passes(t) })),
    (t) => t.name.startsWith('(http)'),
  );
  say(`\nwrote ${file.name} (http lines)`);
}
