// The HTTP lines of `npm run bench` (issue 13, Performance): commands per second and p50/p99 latency of
// `awaw-surrender serve` on PostgreSQL, 100 games and 16 concurrent clients, with 1 and then 3 serve processes,
// against pgbench's single-row insert rate on the same cluster in the same run (the floor, ./http-floor.ts).
// `BENCH_ONLY=http npm run bench` runs only these lines. Environment: BENCH_HTTP_SECONDS (measured, default 10),
// BENCH_HTTP_WARMUP (seconds not counted, default 2), BENCH_CPU_PROF=DIR (`node --cpu-prof` of the serve processes).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster } from './http-cluster.js';
import { runFloor, type FloorResult } from './http-floor.js';
import { createGames, driveLoad, type LoadResult } from './http-load.js';
import { cpuMs, killServesNow, startServe, stopServes, type ServeProcess } from './http-serve.js';
import { formatTable } from './host-bench.js';
import { passes, targetLine, type Target } from './host-run.js';

const GAMES = 100;
const CLIENTS = 16;
const PROCESSES = [1, 3] as const;

/** A configuration's figures, with the CPU its serve processes used per command in the measured window. */
export interface HttpRun extends LoadResult {
  readonly serveCpuMsPerCommand: number | null;
}

export interface HttpBenchResult {
  readonly cluster: Readonly<Record<string, string>>;
  readonly floor: FloorResult;
  readonly runs: readonly HttpRun[];
}

/** The CPU time of all the serve processes, in ms (null where /proc cannot tell). */
const serveCpu = (serves: readonly ServeProcess[]): number | null => {
  const each = serves.map((s) => cpuMs(s.child.pid));
  return each.every((ms) => ms !== null) ? each.reduce<number>((a, b) => a + (b ?? 0), 0) : null;
};

/** One configuration: `processes` serve processes on a schema of their own, its games created, then the load. */
async function runServers(cluster: Cluster, cli: string, processes: number, seconds: number, warmUpSeconds: number): Promise<HttpRun> {
  const schema = `bench_http_${processes}`;
  const cpuProfDir = process.env['BENCH_CPU_PROF'] ?? null;
  const serves: ServeProcess[] = [];
  try {
    // The first one migrates the schema; the others then open it as it is.
    for (let i = 0; i < processes; i += 1) serves.push(await startServe({ cli, store: cluster.url, schema, cpuProfDir }));
    const servers = serves.map((s) => s.url);
    const games = await createGames(servers[0] ?? '', `p${processes}`, GAMES);
    // The serve processes' CPU from the end of the warm-up to the end of the load.
    let cpuAtStart: number | null = null;
    const mark = setTimeout(() => (cpuAtStart = serveCpu(serves)), warmUpSeconds * 1000);
    const load = await driveLoad({ servers, games, clients: CLIENTS, seconds, warmUpSeconds });
    clearTimeout(mark);
    const cpuAtEnd = serveCpu(serves);
    const used = cpuAtStart === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtStart;
    return { ...load, serveCpuMsPerCommand: used === null || load.commands === 0 ? null : used / load.commands };
  } finally {
    await stopServes(serves);
  }
}

/** A host.logged line as the server stored it in this run: the floor inserts lines of that size. */
async function storedLine(url: string, schema: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ line: string }>(`SELECT line FROM "${schema}".events WHERE seq > 1 ORDER BY position DESC LIMIT 1`);
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
    say(`http lines: PostgreSQL ${cluster.settings['server_version']} (fsync ${cluster.settings['fsync']}, synchronous_commit ${cluster.settings['synchronous_commit']}), ${GAMES} games, ${CLIENTS} clients, ${seconds} s after ${warmUp} s warm-up ...`);
    const runs: HttpRun[] = [];
    const one = await runServers(cluster, cli, PROCESSES[0], seconds, warmUp);
    runs.push(one);
    say(`  1 serve process: ${one.commandsPerSecond.toFixed(0)} commands/s`);
    // The floor between the two, on the same cluster, with a line the server stored just now.
    const floor = await runFloor(cluster.url, cluster.dir, CLIENTS, seconds, await storedLine(cluster.url, 'bench_http_1'));
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

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The table: the floor and each configuration, with its ratio to the floor. */
export function httpRows(r: HttpBenchResult): string[][] {
  const rows = [['http lines', 'per s', 'vs floor', 'p50 ms', 'p99 ms', 'failed', 'serve CPU ms/cmd']];
  rows.push([`(p) floor: pgbench, ${r.floor.clients} clients, 1-row INSERT of ${r.floor.lineBytes} B per commit`, fmt(r.floor.tps), '100%', fmt(r.floor.latency.p50, 2), fmt(r.floor.latency.p99, 2), fmt(r.floor.failed), '']);
  for (const run of r.runs) {
    const label = `(p) HTTP, ${run.processes} serve process${run.processes === 1 ? '' : 'es'}, ${run.clients} clients, ${run.games} games`;
    const cpu = run.serveCpuMsPerCommand === null ? '' : fmt(run.serveCpuMsPerCommand, 2);
    rows.push([label, fmt(run.commandsPerSecond), `${fmt((100 * run.commandsPerSecond) / r.floor.tps)}%`, fmt(run.latency.p50, 2), fmt(run.latency.p99, 2), fmt(run.failures), cpu]);
  }
  return rows;
}

/** The goal of issue 13: each configuration at least 30% of the floor's rate, p99 under 20 ms. */
export const httpTargets = (r: HttpBenchResult): Target[] =>
  r.runs.flatMap((run) => [
    { name: `(http) ${run.processes} serve process(es): commands/s / floor inserts/s`, value: run.commandsPerSecond / r.floor.tps, limit: 0.3, unit: 'ratio', kind: 'min' as const },
    { name: `(http) ${run.processes} serve process(es): p99 latency`, value: run.latency.p99, limit: 20, unit: 'ms', kind: 'max' as const },
  ]);

/** Runs the HTTP lines and prints their table (within the whole bench, or alone). */
export async function runHttp(cli: string, say: (text: string) => void): Promise<HttpBenchResult> {
  const http = await httpBench(cli, say);
  say(`floor: ${http.floor.description}`);
  for (const line of formatTable(httpRows(http))) say(line);
  say(`${cpus().length} cpus shared with other work; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  say('');
  return http;
}

/** `BENCH_ONLY=http`: the HTTP lines alone, merged into bench/results.json (the other lines as they were). */
export async function httpOnly(root: string, cli: string): Promise<void> {
  const say = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  const http = await runHttp(cli, say);
  const targets = httpTargets(http);
  for (const t of targets) say(targetLine(t));
  const file = join(root, 'bench', 'results.json');
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const kept = Array.isArray(previous['targets']) ? (previous['targets'] as Target[]).filter((t) => !t.name.startsWith('(http)')) : [];
  const report = { ...previous, httpDate: new Date().toISOString(), httpLoadavg: loadavg(), http, targets: [...kept, ...targets.map((t) => ({ ...t, pass: passes(t) }))] };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  say('\nwrote bench/results.json (http lines)');
}
