// Running and reporting the host lines (./host-bench.ts), alone (`BENCH_ONLY=host`) or within the whole bench.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTable, hostBench, hostRows, hostTargets, type HostBenchResult } from './host-bench.js';
import { mergeResults, type ResultsFile } from './results-file.js';

export interface Target {
  readonly name: string;
  readonly value: number;
  readonly limit: number;
  /** 'ratio' (shown in %), 'x' (a multiple), 'ms', 'MB'. */
  readonly unit: string;
  /** 'min': the value must reach the limit; 'max': it must stay below it. */
  readonly kind: 'min' | 'max';
}
export const passes = (t: Target): boolean => (t.kind === 'min' ? t.value >= t.limit : t.value < t.limit);

const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const targetLine = (t: Target): string => {
  const shown =
    t.unit === 'ratio'
      ? `${fmt(100 * t.value)}% (target ${t.kind === 'min' ? '>=' : '<'} ${fmt(100 * t.limit)}%)`
      : `${fmt(t.value, t.unit === 'x' ? 2 : 1)} ${t.unit} ` +
        `(target ${t.kind === 'min' ? '>=' : '<'} ${t.limit} ${t.unit})`;
  return `${passes(t) ? 'PASS' : 'MISS'}  ${t.name}: ${shown}`;
};

/** The host lines (./host-bench.ts): exec, the host API and append against their floors, printed as a table. */
export async function runHost(dir: string, cli: string, say: (text: string) => void): Promise<HostBenchResult> {
  const commands = Math.max(20, Number(process.env['BENCH_COMMANDS'] ?? 500));
  const processes = Math.max(3, Number(process.env['BENCH_RUNS'] ?? 3) * 5);
  say(`host lines: ${commands} commands per run, fresh processes best of ${processes} ...`);
  const host = await hostBench({ dir, cli, commands, processes });
  for (const line of formatTable(hostRows(host))) say(line);
  say('');
  return host;
}

/** `BENCH_ONLY=host`: the host lines alone, merged into the results file (the other lines as they were). */
export async function hostOnly(file: ResultsFile, cli: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'awaw-bench-'));
  const say = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  try {
    say(
      `${cpus().length} cpus, node ${process.version}, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const host = await runHost(dir, cli, say);
    for (const t of hostTargets(host)) say(targetLine(t));
    mergeResults(
      file,
      { hostDate: new Date().toISOString(), hostLoadavg: loadavg(), host },
      hostTargets(host).map((t) => ({ ...t, pass: passes(t) })),
      (t) => t.unit === 'x',
    );
    say(`\nwrote ${file.name} (host lines)`);
  } finally {
    if (process.env['BENCH_KEEP'] === '1') say(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
