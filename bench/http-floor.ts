// The floor of the HTTP bench: pgbench on the same cluster, 16 clients, the same duration, each transaction one
// single-row INSERT of a typical event line into a table made by the store's own migration 1 (the events table:
// its identity, unique keys, gapless foreign key and checks), committed on its own (autocommit, the cluster's
// synchronous_commit), with parameters over the extended protocol as node-postgres sends them.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { MIGRATIONS } from '../src/store/postgres/postgres-schema.js';
import { clusterCpuMs, machineCpuMs } from './cpu.js';
import { program } from './http-cluster.js';
import { latency, type Latency } from './host-bench.js';

export const FLOOR_SCHEMA = 'bench_floor';

/** What the README and the output say the floor is. */
export const FLOOR_DESCRIPTION =
  'pgbench -M extended, one single-row INSERT per transaction (autocommit) of a stored event line into a copy of ' +
  'the events table (migration 1: identity key, UNIQUE (game, seq) and (game, id), gapless foreign key), ' +
  'each client its own stream';

/** Each client appends to its own stream, `seq` counting up from 1 (-D seq=0), so the foreign key holds. */
const INSERT =
  `INSERT INTO ${FLOOR_SCHEMA}.events (game, seq, id, hash, line) ` +
  `VALUES ('c' || :client_id::text, :seq, 'e' || :client_id::text || '-' || :seq::text, :hash, :line);`;
const SCRIPT = `\\set seq :seq + 1
${INSERT}
`;

export interface PgbenchSummary {
  readonly tps: number;
  readonly transactions: number;
  readonly failed: number;
}

/**
 * The figures of pgbench's summary: `tps = N (without initial connection time)`, `number of transactions actually
 * processed: N`.
 */
export function parsePgbenchSummary(text: string): PgbenchSummary {
  const tps = /^tps = ([\d.]+) \(without initial connection time\)$/m.exec(text);
  const done = /^number of transactions actually processed: (\d+)/m.exec(text);
  const failed = /^number of failed transactions: (\d+)/m.exec(text);
  if (tps?.[1] === undefined || done?.[1] === undefined)
    throw new Error(`pgbench printed no tps or transaction count:\n${text}`);
  return { tps: Number(tps[1]), transactions: Number(done[1]), failed: Number(failed?.[1] ?? 0) };
}

/** Latencies in ms of a pgbench transaction log (-l): `client_id transaction_no time_us script_no epoch epoch_us`. */
export function parsePgbenchLog(text: string): number[] {
  const times: number[] = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 6) continue;
    const us = Number(fields[2]);
    if (!Number.isFinite(us)) throw new Error(`pgbench log: not a latency in "${line}"`);
    times.push(us / 1000);
  }
  return times;
}

export interface FloorResult extends PgbenchSummary {
  readonly description: string;
  readonly clients: number;
  readonly seconds: number;
  readonly lineBytes: number;
  readonly latency: Latency;
  /** CPU ms per insert over pgbench's run: PostgreSQL's processes, the whole machine (pgbench included). */
  readonly cpuMsPerInsert: { readonly postgres: number | null; readonly machine: number | null };
}

/** Runs the floor: a fresh copy of the events table, then pgbench for `seconds` with `clients` clients. */
export async function runFloor(
  url: string,
  dir: string,
  clients: number,
  seconds: number,
  line: string,
): Promise<FloorResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${FLOOR_SCHEMA} CASCADE`);
    await client.query(`CREATE SCHEMA ${FLOOR_SCHEMA}`);
    await client.query(MIGRATIONS[0]?.sql(FLOOR_SCHEMA) ?? '');
  } finally {
    await client.end();
  }
  const script = join(dir, 'floor.sql');
  writeFileSync(script, SCRIPT);
  const prefix = 'floor-log';
  const hash = 'a'.repeat(64);
  const args = [
    '-n',
    '-M',
    'extended',
    '-f',
    script,
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-D',
    'seq=0',
    '-D',
    `hash=${hash}`,
    '-D',
    `line=${line}`,
  ];
  args.push('-l', `--log-prefix=${join(dir, prefix)}`, '-h', dir, '-U', 'postgres', 'postgres');
  const before = { postgres: clusterCpuMs(join(dir, 'data')), machine: machineCpuMs() };
  const { stdout } = await promisify(execFile)(program('pgbench'), args, {
    timeout: (seconds + 60) * 1000,
    maxBuffer: 1 << 20,
  });
  const after = { postgres: clusterCpuMs(join(dir, 'data')), machine: machineCpuMs() };
  const summary = parsePgbenchSummary(stdout);
  const per = (a: number | null, b: number | null): number | null =>
    a === null || b === null || summary.transactions === 0 ? null : (b - a) / summary.transactions;
  const cpuMsPerInsert = {
    postgres: per(before.postgres, after.postgres),
    machine: per(before.machine, after.machine),
  };
  const logs = readdirSync(dir).filter((name) => name.startsWith(`${prefix}.`));
  const times = logs.flatMap((name) => parsePgbenchLog(readFileSync(join(dir, name), 'utf8')));
  return {
    description: FLOOR_DESCRIPTION,
    clients,
    seconds,
    lineBytes: Buffer.byteLength(line),
    ...summary,
    latency: latency(times),
    cpuMsPerInsert,
  };
}
