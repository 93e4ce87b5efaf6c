// The replay bench's targets and its table (docs/performance.md): what each measurement must reach, and the rows
// printed for the passes over the big log and the one game.
import type { Target } from './host-run.js';
import { MODES, ratio, type Mode, type Passes } from './replay-passes.js';
import type { SingleGameTimes } from './single-game.js';
import { best, fmt, median } from './timing.js';

/** The targets of the replay passes and the one game. */
export function replayTargets(passes: Passes, times: SingleGameTimes): Target[] {
  return [
    { name: '(ii) replay / floor, events/s', value: ratio(passes, 'replay'), limit: 0.5, unit: 'ratio', kind: 'min' },
    {
      name: '(iii) verify + replay / floor, events/s',
      value: ratio(passes, 'verify-replay'),
      limit: 0.5,
      unit: 'ratio',
      kind: 'min',
    },
    {
      name: '(iii) verify + replay + re-derivation / floor',
      value: ratio(passes, 'verify-replay-check'),
      limit: 0.25,
      unit: 'ratio',
      kind: 'min',
    },
    { name: '(iv) 20k-event game, warm replay', value: best(times.warmReplay), limit: 30, unit: 'ms', kind: 'max' },
    {
      name: '(iv) 20k-event game, fresh `replay` process (verified log)',
      value: best(times.freshReplay),
      limit: 250,
      unit: 'ms',
      kind: 'max',
    },
    { name: 'peak memory of the 1M replay', value: passes.replay.maxRssMb, limit: 200, unit: 'MB', kind: 'max' },
    { name: '(v) calculator call, whole process', value: best(times.calculator), limit: 150, unit: 'ms', kind: 'max' },
  ];
}

/** The table's rows: a header, each pass, then the one game of `events` events. */
export function replayRows(passes: Passes, events: number, times: SingleGameTimes): string[][] {
  const modes = Object.keys(MODES) as Mode[];
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
      `${fmt(passes[m].ms)} (${fmt(passes[m].medianMs)})`,
      fmt(passes[m].eventsPerSecond),
      `${fmt(100 * ratio(passes, m))}%`,
      fmt(passes[m].maxRssMb),
    ]);
  rows.push([
    `(iv) ${fmt(events)}-event game, warm stream + parse`,
    `${fmt(best(times.warmParse), 1)} (${fmt(median(times.warmParse), 1)})`,
    fmt((events / best(times.warmParse)) * 1000),
    '100%',
    '',
  ]);
  rows.push([
    `(iv) same, warm replay`,
    `${fmt(best(times.warmReplay), 1)} (${fmt(median(times.warmReplay), 1)})`,
    fmt((events / best(times.warmReplay)) * 1000),
    `${fmt((100 * best(times.warmParse)) / best(times.warmReplay))}%`,
    '',
  ]);
  rows.push([
    `(iv) same, warm \`replay\` command`,
    `${fmt(best(times.warmCommand), 1)} (${fmt(median(times.warmCommand), 1)})`,
    fmt((events / best(times.warmCommand)) * 1000),
    '',
    '',
  ]);
  rows.push([
    `(iv) same, fresh \`replay\` process, verified log (its mark)`,
    `${fmt(best(times.freshReplay))} (${fmt(median(times.freshReplay))})`,
    '',
    '',
    '',
  ]);
  rows.push([
    `     same, fresh \`replay\`, a log never seen`,
    `${fmt(best(times.freshFirst))} (${fmt(median(times.freshFirst))})`,
    '',
    '',
    '',
  ]);
  rows.push([
    '(v) british-resistance process',
    `${fmt(best(times.calculator))} (${fmt(median(times.calculator))})`,
    '',
    '',
    '',
  ]);
  rows.push([
    '     same, without the V8 code cache (the bundle run directly)',
    `${fmt(best(times.uncached))} (${fmt(median(times.uncached))})`,
    '',
    '',
    '',
  ]);
  rows.push([
    '     node -e 0 (for scale)',
    `${fmt(best(times.nodeAlone))} (${fmt(median(times.nodeAlone))})`,
    '',
    '',
    '',
  ]);
  if (times.bare !== null) {
    rows.push([
      '     without NODE_EXTRA_CA_CERTS: node -e 0',
      `${fmt(best(times.bare.node))} (${fmt(median(times.bare.node))})`,
      '',
      '',
      '',
    ]);
    rows.push([
      '     without it: british-resistance process',
      `${fmt(best(times.bare.calculator))} (${fmt(median(times.bare.calculator))})`,
      '',
      '',
      '',
    ]);
    rows.push([
      '     without it: fresh `replay`, verified log',
      `${fmt(best(times.bare.replay))} (${fmt(median(times.bare.replay))})`,
      '',
      '',
      '',
    ]);
    rows.push([
      '     without it: fresh `replay --full`',
      `${fmt(best(times.bare.first))} (${fmt(median(times.bare.first))})`,
      '',
      '',
      '',
    ]);
  }
  return rows;
}
