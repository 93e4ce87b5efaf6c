// Event-log commands: `replay LOG`, `audit LOG`, `verify LOG [--repair]` (repair: ./log-repair.ts).
// Exit codes: 0 intact (and every rule decision re-derived); 1 a bad line, a torn last line, or a
// rule decision the rules no longer produce; 2 usage or a file that cannot be read.
import { auditEntries, formatAuditEntry } from '../audit/audit.js';
import type { AuditEntry } from '../audit/entry.js';
import { INERT_TYPES, Replayer, type Mismatch } from '../engine/replay.js';
import { summarize, type GameSummary } from '../engine/summary.js';
import { LogError } from '../store/line-format.js';
import { readLog, repairLog, verifyLog, type ScanSummary } from '../store/verify.js';
import { readVerifiedMark, StaleMarkError, writeVerifiedMark, type VerifiedMark } from '../store/verified-mark.js';
import type { CliIo, ExitCode } from './io.js';
import { InputError } from '../schema/validate.js';
import { oneLine, reportInputError } from './calculator.js';
import { removeCutBatch } from './log-repair.js';

export interface LogCommandOptions {
  readonly json: boolean;
  readonly repair: boolean;
  /** replay, audit: ignore any verification mark and check every line (`--full`). */
  readonly full: boolean;
  /** The running build's id (./engine-id.ts); null: verification marks are neither read nor written. */
  readonly engineId: string | null;
}

export interface LogCommand {
  readonly name: string;
  readonly summary: string;
  run(path: string, options: LogCommandOptions, io: CliIo): Promise<ExitCode>;
}

interface ReadResult {
  readonly replayer: Replayer;
  readonly entries: AuditEntry[];
  readonly scan: ScanSummary;
}

/**
 * Streams and checks the log, replays it and re-derives every rule decision. The start of the log that a
 * verification mark of this build vouches for is read on the trusted path (each segment checked against its
 * digest, only the listed lines parsed) and its decisions are not re-derived again; every line after it is fully
 * checked. A mark that no longer matches the log is dropped and the log read again in full. A clean pass marks
 * the log (src/store/verified-mark.ts).
 */
async function replayLog(path: string, collectAudit: boolean, { full, engineId }: LogCommandOptions): Promise<ReadResult> {
  const mark = engineId === null || full ? null : await readVerifiedMark(path, engineId);
  try {
    return await replayFrom(path, collectAudit, engineId, mark);
  } catch (error) {
    if (mark !== null && error instanceof StaleMarkError) return replayFrom(path, collectAudit, engineId, null);
    throw error;
  }
}

async function replayFrom(path: string, collectAudit: boolean, engineId: string | null, mark: VerifiedMark | null): Promise<ReadResult> {
  const through = mark?.events ?? 0;
  const replayer = new Replayer({ checkDecisions: true, checkFrom: through + 1 });
  const entries: AuditEntry[] = [];
  const reader = readLog(path, { validate: true, trusted: mark, skipTypes: INERT_TYPES, index: engineId !== null });
  for (;;) {
    const next = await reader.next();
    if (next.done === true) {
      const scan = next.value;
      // Lines of inert types in the vouched-for part were counted, not yielded: the version is the last seq.
      replayer.version = Math.max(replayer.version, scan.events);
      replayer.finish();
      if (engineId !== null && scan.index !== null && scan.events > through && scan.fragment === null && replayer.mismatches.length === 0) {
        await writeVerifiedMark(path, {
          engine: engineId,
          logFormatVersion: scan.formatVersion,
          events: scan.events,
          bytes: scan.wholeBytes,
          lastHash: scan.lastHash,
          skipped: INERT_TYPES,
          segments: scan.index,
        });
      }
      return { replayer, entries, scan };
    }
    replayer.applyAll(next.value);
    if (collectAudit) for (const event of next.value) entries.push(...auditEntries(event));
  }
}

/** Runs a log command, turning a missing file into exit 2 and a bad line into exit 1. */
async function guarded(path: string, json: boolean, io: CliIo, body: () => Promise<ExitCode>): Promise<ExitCode> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof LogError) {
      io.err(oneLine(`${path}:${error.message}`));
      if (json) io.out(JSON.stringify({ ok: false, error: { line: error.line, path: error.path, message: error.detail } }));
      return 1;
    }
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (typeof code === 'string') return reportInputError(io, new InputError('$', `cannot read ${path} (${code})`), json);
    throw error;
  }
}

function tornWarning(path: string, scan: ScanSummary): string | null {
  return scan.fragment === null ? null : `${path}:line ${scan.fragment.line}: the last line is torn (a write was cut off); it was not replayed: run \`awaw-surrender verify ${path} --repair\``;
}

function reportMismatches(io: CliIo, path: string, mismatches: readonly Mismatch[]): void {
  for (const m of mismatches) io.err(oneLine(`${path}:line ${m.seq + 1}: [${m.game}] ${m.message}`));
}

function renderSummary(s: GameSummary): string {
  const lines = [
    `game ${s.game} (${s.scenario}), ${s.turn}`,
    `  at war: ${s.wars.length === 0 ? 'no one' : s.wars.join(', ')}`,
    `  Germany: ${s.germany}; Britain: ${s.britain}; Italy: ${s.italy}`,
  ];
  if (s.europeWarEnded !== null) lines.push(`  the war in Europe ended: ${s.europeWarEnded}`);
  for (const b of s.britishSurrenders) lines.push(`  British surrender ${b.turn}: level ${b.level}, ${b.outcome}`);
  lines.push(s.pending.length === 0 ? '  pending: nothing' : '  pending:');
  for (const p of s.pending) lines.push(`    ${p.rule.padEnd(7)} ${p.by}: ${p.description}`);
  return lines.join('\n');
}

const replayCommand: LogCommand = {
  name: 'replay',
  summary: 'replay a log, re-derive every rule decision, print each game\'s state and pending decisions',
  run: (path, options, io) =>
    guarded(path, options.json, io, async () => {
      const { json } = options;
      const { replayer, scan } = await replayLog(path, false, options);
      const games = [...replayer.games.keys()].map((g) => {
        const view = replayer.view(g);
        if (view === undefined) throw new Error(`game ${g} vanished`);
        return summarize(view);
      });
      const torn = tornWarning(path, scan);
      if (json) {
        io.out(JSON.stringify({ ok: replayer.mismatches.length === 0 && torn === null, version: replayer.version, games, mismatches: replayer.mismatches, torn: scan.fragment?.line ?? null }, null, 2));
      } else {
        io.out([`${path}: ${replayer.version} events, ${games.length} ${games.length === 1 ? 'game' : 'games'}`, ...games.map(renderSummary)].join('\n'));
      }
      reportMismatches(io, path, replayer.mismatches);
      if (torn !== null) io.err(oneLine(torn));
      return replayer.mismatches.length === 0 && torn === null ? 0 : 1;
    }),
};

const auditCommand: LogCommand = {
  name: 'audit',
  summary: 'print every rule decision of a log, one line each: turn, rule, result, breakdown',
  run: (path, options, io) =>
    guarded(path, options.json, io, async () => {
      const { json } = options;
      const { replayer, entries, scan } = await replayLog(path, true, options);
      const torn = tornWarning(path, scan);
      if (json) {
        io.out(JSON.stringify({ ok: replayer.mismatches.length === 0 && torn === null, entries, mismatches: replayer.mismatches }, null, 2));
      } else {
        const several = replayer.games.size > 1;
        io.out(entries.map((e) => formatAuditEntry(e, several)).join('\n'));
      }
      reportMismatches(io, path, replayer.mismatches);
      if (torn !== null) io.err(oneLine(torn));
      return replayer.mismatches.length === 0 && torn === null ? 0 : 1;
    }),
};

const verifyCommand: LogCommand = {
  name: 'verify',
  summary: 'check every line of a log (format, schema, sequence, hash chain); --repair truncates a torn last line',
  run: (path, { json, repair }, io) =>
    guarded(path, json, io, async () => {
      if (repair) {
        const report = await repairLog(path);
        if (!report.ok) {
          if (json) io.out(JSON.stringify({ ...report, cutBatch: null }, null, 2));
          else io.out(`${path}: ${report.message}`);
          io.err(oneLine(`${path}:${report.message}`));
          return 1;
        }
        // Only a torn end is evidence of a crash, and so of an append cut off between its lines.
        const cut = report.action === 'none' ? null : await removeCutBatch(path);
        const result =
          cut === null
            ? { ...report, cutBatch: null }
            : {
                ...report,
                events: cut.seq - 1,
                version: cut.seq - 1,
                message: `${report.message}; line ${cut.line} (${cut.type}) began an append that was cut off after ${cut.present} of its ${cut.expected} events (missing ${cut.missing.join(', ')}): removed as never made, report that command again; the log holds ${cut.seq - 1} events`,
                cutBatch: cut,
              };
        io.out(json ? JSON.stringify(result, null, 2) : oneLine(`${path}: ${result.message}`));
        return 0;
      }
      const report = await verifyLog(path);
      if (json) io.out(JSON.stringify(report, null, 2));
      if (report.ok) {
        if (!json) io.out(`${path}: intact: ${report.events} events, last hash ${report.lastHash}`);
        return 0;
      }
      io.err(oneLine(`${path}:${report.message}${report.torn ? ` (run \`awaw-surrender verify ${path} --repair\`)` : ''}`));
      return 1;
    }),
};

export const logCommands: readonly LogCommand[] = [replayCommand, auditCommand, verifyCommand];
