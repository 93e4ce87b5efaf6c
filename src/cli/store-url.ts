// Which store a command line names: a PostgreSQL URL, or (for serve) a directory. A value that reads as a URL of
// another scheme (a typo such as postgress://, another database's) is refused, never taken for a directory's
// name. The value itself is not repeated: a URL may hold a password.
import { InputError } from '../schema/validate.js';

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;
const POSTGRES = /^postgres(?:ql)?:\/\//i;

export const isPostgresUrl = (value: string): boolean => POSTGRES.test(value);

/** `serve --store`: the value, unless it is a URL of a scheme no store has (an InputError naming the option). */
export function storeOf(option: string, value: string): string {
  const scheme = SCHEME.exec(value)?.[1];
  if (scheme !== undefined && !isPostgresUrl(value))
    throw new InputError(
      option,
      `${scheme}:// is no store's scheme: expected a PostgreSQL URL (postgres:// or postgresql://) or a directory`,
    );
  return value;
}

/** `--db` (or AWAW_PG_URL, `from`): why the value is no PostgreSQL URL, or null when it is one. */
export const databaseUrlProblem = (from: string, value: string): string | null =>
  isPostgresUrl(value) ? null : `${from}: expected a PostgreSQL URL (postgres://… or postgresql://…)`;
