// Opens the server's store: PostgreSQL for a postgres:// URL, else a directory of logs (`serve` runs it,
// src/cli/serve-run.ts). A URL of any other scheme is refused, never made a directory of that name.
import type { Backend } from './backend.js';

export const isDatabaseUrl = (store: string): boolean => /^postgres(ql)?:\/\//i.test(store);

export async function openBackend(
  store: string,
  schema?: string,
  options: { readonly maxOpenGames?: number } = {},
): Promise<Backend> {
  if (isDatabaseUrl(store)) return (await import('./postgres-backend.js')).PostgresBackend.open(store, schema, options);
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(store)?.[1];
  if (scheme !== undefined) throw new Error(`${scheme}:// is no store's scheme: expected postgres:// or a directory`);
  return (await import('./directory-backend.js')).DirectoryBackend.open(store, options);
}
