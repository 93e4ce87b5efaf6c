// The pure pieces of the HTTP bench's floor (bench/http-floor.ts): reading pgbench's summary and its
// per-transaction log. The bench itself is a measurement, run by `npm run bench`, never by the tests.
import { describe, expect, it } from 'vitest';
import { parsePgbenchLog, parsePgbenchSummary } from '../../bench/http-floor.js';
import { latency } from '../../bench/host-bench.js';

// pgbench 15's summary, as printed with -n -M extended -f -c 16 -j 2 -T 10.
const SUMMARY = `transaction type: /tmp/awaw-bench-pg-x/floor.sql
scaling factor: 1
query mode: extended
number of clients: 16
number of threads: 2
maximum number of tries: 1
duration: 10 s
number of transactions actually processed: 20013
number of failed transactions: 3 (0.015%)
latency average = 7.995 ms
initial connection time = 31.250 ms
tps = 2001.288314 (without initial connection time)
`;

describe('the HTTP bench floor', () => {
  it("pgbench's summary: the tps without connection time, the transactions processed and failed", () => {
    expect(parsePgbenchSummary(SUMMARY)).toEqual({ tps: 2001.288314, transactions: 20013, failed: 3 });
  });

  it('a summary without tps is an error naming what pgbench printed', () => {
    expect(() => parsePgbenchSummary('pgbench: error: connection failed')).toThrow(
      'pgbench printed no tps or transaction count:\npgbench: error: connection failed',
    );
  });

  it("pgbench's transaction log (-l): the third field, in microseconds, as ms; blank lines skipped", () => {
    const log = '0 1 3950 0 1764601234 123456\n0 2 12000 0 1764601234 135456\n\n1 1 250 0 1764601234 135700\n';
    expect(parsePgbenchLog(log)).toEqual([3.95, 12, 0.25]);
  });

  it('latencies: p50, p90 and p99 are the values at those ranks of the sorted times; max the largest', () => {
    const times = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(latency(times)).toEqual({ p50: 101, p90: 181, p99: 199, max: 200, mean: 100.5 });
  });
});
