// `awaw-surrender report` (./report.ts): the log read and re-derived as `replay` reads it, each game's rule
// decisions kept, and the page built (src/report/).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { INERT_TYPES } from '../engine/replay.js';
import { summarize } from '../engine/summary.js';
import { buildReport, mismatchProblem, type ReportGame } from '../report/page.js';
import { InputError } from '../schema/validate.js';
import { oneLine, reportInputError } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';
import { guarded } from './log-guard.js';
import { systemWords } from '../store/file/fs-error.js';
import { replayLog } from '../host/file/log-replay.js';
import { reportMismatches, tornWarning } from './log-commands.js';

export interface ReportOptions {
  readonly game: string | null;
  readonly out: string | null;
  readonly engineId: string | null;
}

const inert = new Set(INERT_TYPES);

export function runReport(path: string, options: ReportOptions, io: CliIo): Promise<ExitCode> {
  return guarded(path, false, io, async () => {
    const keep = options.game;
    const read = await replayLog(
      path,
      false,
      { full: false, engineId: options.engineId },
      undefined,
      (e) => !inert.has(e.type) && (keep === null || e.game === keep),
    );
    const { replayer, scan, kept } = read;
    const known = [...replayer.games.keys()];
    if (keep !== null && !known.includes(keep)) {
      return reportInputError(
        io,
        new InputError(
          '--game',
          `the log holds no game ${JSON.stringify(keep)} (it holds ${known.length === 0 ? 'none' : known.join(', ')})`,
        ),
        false,
      );
    }
    const games: ReportGame[] = (keep === null ? known : [keep]).map((game) => {
      const view = replayer.view(game);
      if (view === undefined) throw new Error(`game ${game} vanished`);
      return { game, events: kept.filter((e) => e.game === game), summary: summarize(view) };
    });
    const torn = tornWarning(path, scan);
    const problems = [...replayer.mismatches.map(mismatchProblem), ...(torn === null ? [] : [torn])];
    const html = await buildReport({ title: keep ?? path.split(/[\\/]/).pop() ?? path, games, problems });
    if (options.out === null) {
      io.out(html);
    } else {
      try {
        await mkdir(dirname(options.out), { recursive: true });
        await writeFile(options.out, html);
      } catch (error) {
        return reportInputError(
          io,
          new InputError('--out', `cannot write ${options.out}: ${systemWords((error as NodeJS.ErrnoException).code)}`),
          false,
        );
      }
      io.out(`report written: ${pathToFileURL(resolve(options.out)).href}`);
    }
    reportMismatches(io, path, replayer.mismatches);
    if (torn !== null) io.err(oneLine(torn));
    return problems.length === 0 ? 0 : 1;
  });
}
