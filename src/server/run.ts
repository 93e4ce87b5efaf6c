// Opens the server's store: PostgreSQL for a postgres:// URL, else a directory of logs (`serve` runs it,
// src/cli/serve-run.ts).
import type { Backend } from './backend.js';

export const isDatabaseUrl = (store: string): boolean => /^postgres(ql)?:\/\//i.test(store);

export async function openBackend(
  store: string,
  schema?: string,
  options: { readonly maxOpenGames?: number } = {},
): Promise<Backend> {
  if (isDatabaseUrl(store)) return (await import('./postgres-backend.js')).PostgresBackend.open(store, schema, options);
  return (await import('./directory-backend.js')).DirectoryBackend.open(store, options);
}
