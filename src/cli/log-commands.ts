// Event-log commands: `replay LOG`, `audit LOG`, `verify LOG [--repair]` (repair: src/store/file/repair-log.ts, the
// append a crash cut off found by src/host/cut-append.ts).
// Exit codes: 0 intact (and every rule decision re-derived); 1 a bad line, a torn last line, a rule decision
// the rules no longer produce, or not the head `--expect-head` names; 2 usage or a file that cannot be used
// (./log-guard.ts).
import { formatAuditTrail } from '../audit/audit.js';
import { outcomeWords, phaseWords } from '../audit/phase-words.js';
import { warWords } from '../audit/words.js';
import type { Mismatch } from '../engine/replay.js';
import { summarize, type GameSummary } from '../engine/summary.js';
import { replayLog, type OnProgress } from '../host/file/log-replay.js';
import {
  repairLog,
  verifyLog,
  type RecordedRepair,
  type ScanSummary,
  type VerifyReport,
} from '../store/file/verify.js';
import { findCutAppend } from '../host/cut-append.js';
import { repairDetails, repairHeadline } from '../audit/repair.js';
import { stat } from 'node:fs/promises';
import type { CliIo, ExitCode } from './io.js';
import { oneLine } from './calculator.js';
import { startProgress } from './progress.js';
import { guarded } from './log-guard.js';
import { formatHead, headMismatch, type ExpectedHead } from './log-head.js';

export interface LogCommandOptions {
  readonly json: boolean;
  readonly repair: boolean;
  /** replay, audit: ignore any verification mark and check every line (`--full`). */
  readonly full: boolean;
  /** The running build's id (./engine-id.ts); null: verification marks are neither read nor written. */
  readonly engineId: string | null;
  /** `--expect-head SEQ:HASH`: fail unless the log holds that line at that seq. */
  readonly expectHead: ExpectedHead | null;
}

export interface LogCommand {
  readonly name: string;
  readonly summary: string;
  run(path: string, options: LogCommandOptions, io: CliIo): Promise<ExitCode>;
}

/** Runs `read` with a progress display (./progress.ts) on a terminal, erased before the command prints anything. */
async function reading<T>(
  io: CliIo,
  command: string,
  path: string,
  read: (onProgress: OnProgress) => Promise<T>,
): Promise<T> {
  const total =
    io.terminal === undefined
      ? 0
      : await stat(path).then(
          (s) => s.size,
          () => 0,
        );
  const progress = startProgress(io.terminal, oneLine(`${command} ${path}`), total);
  try {
    return await read(progress.onProgress);
  } finally {
    progress.done();
  }
}

/** How replay and audit read the log: `--full`, the build's marks, the seq `--expect-head` names. */
const readOptions = ({ full, engineId, expectHead }: LogCommandOptions) => ({
  full,
  engineId,
  hashAt: expectHead?.seq ?? -1,
});

export function tornWarning(path: string, scan: ScanSummary): string | null {
  return scan.fragment === null
    ? null
    : `${path}:line ${scan.fragment.line}: the last line is torn (a write was cut off); it was not replayed: ` +
        `the next append repairs it, or run \`awaw-surrender verify ${path} --repair\``;
}

export function reportMismatches(io: CliIo, path: string, mismatches: readonly Mismatch[]): void {
  for (const m of mismatches) io.err(oneLine(`${path}:line ${m.seq + 1}: [${m.game}] ${m.message}`));
}

/** What replay and audit found wrong beyond the lines themselves: the head `--expect-head` names, a torn end. */
function problems(
  path: string,
  scan: ScanSummary,
  expectHead: ExpectedHead | null,
): { readonly head: string | null; readonly torn: string | null } {
  return {
    head: expectHead === null ? null : headMismatch(expectHead, scan.hashAt, scan.events),
    torn: tornWarning(path, scan),
  };
}

function reportProblems(
  io: CliIo,
  path: string,
  found: { readonly head: string | null; readonly torn: string | null },
): void {
  if (found.head !== null) io.err(oneLine(`${path}:${found.head}`));
  if (found.torn !== null) io.err(oneLine(found.torn));
}

function renderSummary(s: GameSummary): string {
  const lines = [
    `game ${s.game} (${s.scenario}), ${s.turn}`,
    `  at war: ${s.wars.length === 0 ? 'no one' : s.wars.map(warWords).join(', ')}`,
    `  Germany: ${phaseWords('germany', s.germany)}`,
    `  Britain: ${phaseWords('britain', s.britain)}`,
    `  Italy: ${phaseWords('italy', s.italy)}`,
  ];
  if (s.europeWarEnded !== null) lines.push(`  the war in Europe ended: ${s.europeWarEnded}`);
  for (const b of s.britishSurrenders)
    lines.push(`  British surrender ${b.turn}: level ${b.level}, ${outcomeWords(b.outcome)}`);
  lines.push(s.pending.length === 0 ? '  pending: nothing' : '  pending:');
  // The words, then the commands that answer the decision (--json carries its parameters as data).
  for (const p of s.pending)
    lines.push(
      `    ${p.rule.padEnd(7)} ${p.by}: ${p.description}`,
      `            answered by ${p.commands.join(' or ')}`,
    );
  return lines.join('\n');
}

const replayCommand: LogCommand = {
  name: 'replay',
  summary: "replay a log, re-derive every rule decision, print each game's state and pending decisions",
  run: (path, options, io) =>
    guarded(path, options.json, io, async () => {
      const { json } = options;
      const { replayer, scan } = await reading(io, 'replay', path, (onProgress) =>
        replayLog(path, false, readOptions(options), onProgress),
      );
      const games = [...replayer.games.keys()].map((g) => {
        const view = replayer.view(g);
        if (view === undefined) throw new Error(`game ${g} vanished`);
        return summarize(view);
      });
      const found = problems(path, scan, options.expectHead);
      const ok = replayer.mismatches.length === 0 && found.torn === null && found.head === null;
      if (json) {
        const head = { seq: scan.events, hash: scan.lastHash };
        io.out(
          JSON.stringify(
            {
              ok,
              version: replayer.version,
              head,
              games,
              mismatches: replayer.mismatches,
              torn: scan.fragment?.line ?? null,
              headMismatch: found.head,
            },
            null,
            2,
          ),
        );
      } else {
        io.out(
          [
            `${path}: ${replayer.version} events, ${games.length} ${games.length === 1 ? 'game' : 'games'}`,
            ...games.map(renderSummary),
          ].join('\n'),
        );
      }
      reportMismatches(io, path, replayer.mismatches);
      reportProblems(io, path, found);
      return ok ? 0 : 1;
    }),
};

const auditCommand: LogCommand = {
  name: 'audit',
  summary: 'print every rule decision of a log: a headline (turn, rule, result), its breakdown indented below',
  run: (path, options, io) =>
    guarded(path, options.json, io, async () => {
      const { json } = options;
      const { replayer, entries, scan } = await reading(io, 'audit', path, (onProgress) =>
        replayLog(path, true, readOptions(options), onProgress),
      );
      const found = problems(path, scan, options.expectHead);
      const ok = replayer.mismatches.length === 0 && found.torn === null && found.head === null;
      if (json) {
        io.out(JSON.stringify({ ok, entries, mismatches: replayer.mismatches, headMismatch: found.head }, null, 2));
      } else {
        io.out(formatAuditTrail(entries, replayer.games.size > 1));
      }
      reportMismatches(io, path, replayer.mismatches);
      reportProblems(io, path, found);
      return ok ? 0 : 1;
    }),
};

/** `verify --repair`: a torn end repaired as the next writer repairs it, the append it cut off removed, recorded. */
async function repair(path: string, json: boolean, io: CliIo): Promise<ExitCode> {
  const report = await repairLog(path, { findCutAppend });
  if (json)
    io.out(JSON.stringify(report.ok ? { ...report, cutBatch: report.cut } : { ...report, cutBatch: null }, null, 2));
  else io.out(oneLine(`${path}: ${report.message}`));
  if (report.ok) return 0;
  io.err(oneLine(`${path}:${report.message}`));
  return 1;
}

/** The repairs a log records, in words: one line each, its details indented below. */
function repairLines(repairs: readonly RecordedRepair[]): string[] {
  return repairs.flatMap((r) => [
    `  line ${r.line} (${r.at}): ${repairHeadline(r)}`,
    ...repairDetails(r).map((row) => `    ${row}`),
  ]);
}

/** `verify`: every line checked; with `--expect-head`, the log must still hold that head. */
async function verify(path: string, json: boolean, expectHead: ExpectedHead | null, io: CliIo): Promise<ExitCode> {
  const checked = await reading(io, 'verify', path, (onProgress) =>
    verifyLog(path, { ...(expectHead === null ? {} : { expectHead: expectHead.seq }), onProgress }),
  );
  const mismatch =
    checked.ok && expectHead !== null ? headMismatch(expectHead, checked.hashAtExpected ?? null, checked.events) : null;
  const report: VerifyReport =
    mismatch === null || expectHead === null
      ? checked
      : { ok: false, line: expectHead.seq + 1, path: 'hash', message: mismatch, torn: false };
  if (json) io.out(JSON.stringify(report, null, 2));
  if (report.ok) {
    if (!json) {
      const repaired = report.repairs.length;
      const count = repaired === 0 ? '' : `; ${repaired} ${repaired === 1 ? 'repair' : 'repairs'} of a torn end:`;
      io.out(
        [
          `${path}: intact: ${report.events} events, head ${formatHead(report.head)}${count}`,
          ...repairLines(report.repairs),
        ].join('\n'),
      );
    }
    return 0;
  }
  io.err(oneLine(`${path}:${report.message}${report.torn ? ` (\`awaw-surrender verify ${path} --repair\`)` : ''}`));
  return 1;
}

const verifyCommand: LogCommand = {
  name: 'verify',
  summary: 'check every line of a log (format, schema, sequence, hash chain); --repair truncates a torn last line',
  run: (path, options, io) =>
    options.repair
      ? guarded(path, options.json, io, () => repair(path, options.json, io), 'repair')
      : guarded(path, options.json, io, () => verify(path, options.json, options.expectHead, io)),
};

export const logCommands: readonly LogCommand[] = [replayCommand, auditCommand, verifyCommand];
