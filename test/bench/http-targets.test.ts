// The HTTP bench's targets (bench/http-bench.ts httpTargets): one serve process against the pgbench floor (rate and
// p99), three processes on one database against the one (rate, and the machine's CPU a command).
import { describe, expect, it } from 'vitest';
import { httpTargets, type HttpBenchResult, type HttpRun } from '../../bench/http-bench.js';
import type { FloorResult } from '../../bench/http-floor.js';
import { passes, targetLine } from '../../bench/host-run.js';

const latency = (p99: number) => ({ p50: 1, p90: 2, p99, max: 30, mean: 1.5 });

const run = (processes: number, commandsPerSecond: number, p99: number, machine: number | null): HttpRun => ({
  clients: 16,
  processes,
  games: 100,
  seconds: 10,
  warmUpSeconds: 2,
  commands: commandsPerSecond * 10,
  commandsPerSecond,
  failures: 0,
  failureStatuses: {},
  latency: latency(p99),
  cpuMsPerCommand: { serve: 0.2, load: 0.05, postgres: 0.1, machine },
  eventsPerCommit: 6,
});

const floor = { tps: 8000 } as FloorResult;

describe('the HTTP bench targets', () => {
  it('one process at 4,400 of 8,000 with a p99 of 9 ms; three at 4,000 for 0.9 of its 0.5 ms a command', () => {
    const result: HttpBenchResult = { cluster: {}, floor, runs: [run(1, 4400, 9, 0.5), run(3, 4000, 14, 0.9)] };
    const targets = httpTargets(result);
    expect(targets.map((t) => [targetLine(t), passes(t)])).toEqual([
      ['PASS  (http) 1 serve process: commands/s / floor inserts/s: 55% (target >= 50%)', true],
      ['PASS  (http) 1 serve process: p99 latency: 9.0 ms (target < 20 ms)', true],
      ['MISS  (http) 3 serve processes: commands/s / 1 process: 0.91 x (target >= 1 x)', false],
      ["MISS  (http) 3 serve processes: machine CPU ms/command / 1 process's: 1.80 x (target < 1.5 x)", false],
    ]);
  });

  it("without the machine's CPU (no /proc), the CPU target is left out; without three processes, both are", () => {
    const names = (runs: HttpRun[]): string[] => httpTargets({ cluster: {}, floor, runs }).map((t) => t.name);
    expect(names([run(1, 4400, 9, null), run(3, 4500, 14, null)])).toEqual([
      '(http) 1 serve process: commands/s / floor inserts/s',
      '(http) 1 serve process: p99 latency',
      '(http) 3 serve processes: commands/s / 1 process',
    ]);
    expect(names([run(1, 4400, 9, 0.5)])).toEqual([
      '(http) 1 serve process: commands/s / floor inserts/s',
      '(http) 1 serve process: p99 latency',
    ]);
  });
});
