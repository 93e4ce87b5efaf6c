// The help of `export` and `import` (./export.ts, ./import.ts), apart from them so that `--help` loads no
// database client.
import type { CommandHelp } from './help-types.js';

export const databaseFields = [
  '--db URL       the PostgreSQL database, e.g. postgresql://user:password@host:5432/games or ' +
    'postgresql://user@/games?host=/run/postgresql (default: $AWAW_PG_URL)',
  '--schema NAME  the schema holding the event tables ' +
    '(default: awaw_surrender); created, with its tables, when missing',
] as const;

export const exportHelp: CommandHelp = {
  name: 'export',
  summary:
    "writes one game's events from the PostgreSQL store as a JSON Lines log (exit 1: no such game, or a stored row " +
    'is bad)',
  usage: 'awaw-surrender export GAME [--db URL] [--schema NAME] [--out FILE]',
  fields: [
    'GAME           the game id',
    ...databaseFields,
    '--out FILE     write the log to FILE, which must not exist yet (default: standard output)',
  ],
  example: 'awaw-surrender export g42 --db postgresql://localhost/games --out g42.jsonl',
};

export const importHelp: CommandHelp = {
  name: 'import',
  summary:
    'moves the games of a JSON Lines log into the PostgreSQL ' +
    'store (exit 1: the log is bad, or a game is already there)',
  usage: 'awaw-surrender import LOG [--game GAME] [--db URL] [--schema NAME]',
  fields: [
    'LOG            the JSON Lines log, verified whole before anything is written',
    '--game GAME    import only this game (default: every game of the log)',
    ...databaseFields,
  ],
  example: 'awaw-surrender import games/g42.jsonl --db postgresql://localhost/games',
};
