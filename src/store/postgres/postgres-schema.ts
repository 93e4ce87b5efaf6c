// The PostgreSQL store's tables and the migrations it applies itself on open (docs/postgres.md). Each migration
// runs once, recorded in schema_migrations, under an advisory lock so that processes starting together wait
// for each other instead of racing.
import type pg from 'pg';

export const DEFAULT_SCHEMA = 'awaw_surrender';
/** A schema name that needs no quoting and leaves room for the notification channel's prefix. */
export const SCHEMA_PATTERN = /^[a-z_][a-z0-9_]{0,49}$/;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: (schema: string) => string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'one stream per game',
    // (game, seq) is unique: two appends at the same version cannot both be written, whatever the code does.
    // The foreign key from (game, seq - 1) makes each stream gapless: seq n needs seq n-1 of the same game.
    sql: (s) => `
      CREATE TABLE "${s}".events (
        position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        game text NOT NULL CHECK (game ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
        seq integer NOT NULL CHECK (seq >= 1),
        prev_seq integer GENERATED ALWAYS AS (NULLIF(seq - 1, 0)) STORED,
        id text NOT NULL,
        hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
        line text NOT NULL,
        CONSTRAINT events_game_seq_key UNIQUE (game, seq),
        CONSTRAINT events_game_id_key UNIQUE (game, id),
        CONSTRAINT events_gapless FOREIGN KEY (game, prev_seq) REFERENCES "${s}".events (game, seq)
      );
      -- Append-only: a stored event is never changed or removed (export, then drop the schema, to start over).
      CREATE FUNCTION "${s}".events_append_only() RETURNS trigger LANGUAGE plpgsql AS
        $$BEGIN RAISE EXCEPTION 'awaw-surrender events are append-only'; END$$;
      CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON "${s}".events
        FOR EACH ROW EXECUTE FUNCTION "${s}".events_append_only();`,
  },
  {
    version: 2,
    name: 'seat token hashes',
    // `awaw-surrender serve`: the SHA-256 of each seat's bearer token (src/server/seats.ts), never the token.
    sql: (s) => `
      CREATE TABLE "${s}".seats (
        game text NOT NULL CHECK (game ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
        seat text NOT NULL,
        token_sha256 text NOT NULL CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game, seat)
      );`,
  },
  {
    version: 3,
    name: 'feed by transaction',
    // Appends hold the feed lock only while they insert, no longer through their commit's WAL flush, so that
    // transactions commit together. Each row records its transaction, and the feed reads only the rows of
    // transactions older than every one still running (./postgres-feed.ts). The rows from before have none: they
    // were all committed under the old lock. A column without a default first, so that no row is rewritten.
    // The append statement as a function (./postgres-append.ts appendEventsSql), so that each connection plans it
    // once: it inserts the rows (in the order given) of the games whose head is the expected one (no expected head:
    // every game), notifies one change per game in feed order, and returns the rows written.
    sql: (s) => `
      ALTER TABLE "${s}".events ADD COLUMN tx xid8;
      ALTER TABLE "${s}".events ALTER COLUMN tx SET DEFAULT pg_current_xact_id();
      CREATE FUNCTION "${s}".append_events(p_games text[], p_seqs integer[], p_ids text[], p_hashes text[],
          p_lines text[], h_games text[], h_seqs integer[], h_hashes text[], p_channel text)
        RETURNS TABLE (r_game text, r_seq integer, r_position bigint) LANGUAGE plpgsql AS $f$
        BEGIN
          RETURN QUERY
          WITH stale AS (
            SELECT x.game FROM unnest(h_games, h_seqs, h_hashes) AS x(game, seq, hash)
            LEFT JOIN LATERAL (
              SELECT e.seq, e.hash FROM "${s}".events e WHERE e.game = x.game ORDER BY e.seq DESC LIMIT 1
            ) AS head ON true
            WHERE coalesce(head.seq, 0) <> x.seq OR (x.seq > 0 AND head.hash <> x.hash)),
          ins AS (
            INSERT INTO "${s}".events (game, seq, id, hash, line)
            SELECT r.game, r.seq, r.id, r.hash, r.line
            FROM unnest(p_games, p_seqs, p_ids, p_hashes, p_lines) WITH ORDINALITY AS r(game, seq, id, hash, line, ord)
            WHERE r.game NOT IN (SELECT stale.game FROM stale)
            ORDER BY r.ord
            RETURNING events.game, events.seq, events.position),
          notified AS (
            SELECT pg_notify(
              p_channel, json_build_object('game', c.game, 'version', c.version, 'position', c.position)::text)
            FROM (
              SELECT ins.game, max(ins.seq) AS version, max(ins.position) AS position
              FROM ins GROUP BY ins.game ORDER BY max(ins.position)
            ) AS c)
          SELECT ins.game, ins.seq, ins.position FROM ins CROSS JOIN (SELECT count(*) FROM notified) AS n;
        END $f$;`,
  },
  {
    version: 4,
    name: 'command ids',
    // The host's id of a command, on its origin event's row (the line holds it too): unique in its game, so that a
    // command sent again after a lost reply is never recorded twice, whatever the code does. The rows from before
    // have none (NULL: any number of them). append_events again, with the command ids; the version of migration 3
    // stays for processes of the build before.
    sql: (s) => `
      ALTER TABLE "${s}".events ADD COLUMN command_id text CHECK (command_id ~ '^[A-Za-z0-9_.:-]{1,128}$');
      ALTER TABLE "${s}".events ADD CONSTRAINT events_game_command_id_key UNIQUE (game, command_id);
      CREATE FUNCTION "${s}".append_events(p_games text[], p_seqs integer[], p_ids text[], p_hashes text[],
          p_lines text[], p_command_ids text[], h_games text[], h_seqs integer[], h_hashes text[], p_channel text)
        RETURNS TABLE (r_game text, r_seq integer, r_position bigint) LANGUAGE plpgsql AS $f$
        BEGIN
          RETURN QUERY
          WITH stale AS (
            SELECT x.game FROM unnest(h_games, h_seqs, h_hashes) AS x(game, seq, hash)
            LEFT JOIN LATERAL (
              SELECT e.seq, e.hash FROM "${s}".events e WHERE e.game = x.game ORDER BY e.seq DESC LIMIT 1
            ) AS head ON true
            WHERE coalesce(head.seq, 0) <> x.seq OR (x.seq > 0 AND head.hash <> x.hash)),
          ins AS (
            INSERT INTO "${s}".events (game, seq, id, hash, line, command_id)
            SELECT r.game, r.seq, r.id, r.hash, r.line, r.command_id
            FROM unnest(p_games, p_seqs, p_ids, p_hashes, p_lines, p_command_ids)
              WITH ORDINALITY AS r(game, seq, id, hash, line, command_id, ord)
            WHERE r.game NOT IN (SELECT stale.game FROM stale)
            ORDER BY r.ord
            RETURNING events.game, events.seq, events.position),
          notified AS (
            SELECT pg_notify(
              p_channel, json_build_object('game', c.game, 'version', c.version, 'position', c.position)::text)
            FROM (
              SELECT ins.game, max(ins.seq) AS version, max(ins.position) AS position
              FROM ins GROUP BY ins.game ORDER BY max(ins.position)
            ) AS c)
          SELECT ins.game, ins.seq, ins.position FROM ins CROSS JOIN (SELECT count(*) FROM notified) AS n;
        END $f$;`,
  },
  {
    version: 5,
    name: 'notifications after commit',
    // append_events without the notifications: the process sends them after the COMMIT, on a connection of its own
    // (./postgres-notify.ts), since a NOTIFY in a transaction takes PostgreSQL's cluster-wide lock of the
    // notification queue at its COMMIT and holds it until the commit is flushed, so that the commits of several
    // processes were flushed one after another. The versions of migrations 3 and 4 stay, for processes of the
    // builds before while they run (they notify inside their transactions: the same channel and payload).
    sql: (s) => `
      CREATE FUNCTION "${s}".append_events(p_games text[], p_seqs integer[], p_ids text[], p_hashes text[],
          p_lines text[], p_command_ids text[], h_games text[], h_seqs integer[], h_hashes text[])
        RETURNS TABLE (r_game text, r_seq integer, r_position bigint) LANGUAGE plpgsql AS $f$
        BEGIN
          RETURN QUERY
          WITH stale AS (
            SELECT x.game FROM unnest(h_games, h_seqs, h_hashes) AS x(game, seq, hash)
            LEFT JOIN LATERAL (
              SELECT e.seq, e.hash FROM "${s}".events e WHERE e.game = x.game ORDER BY e.seq DESC LIMIT 1
            ) AS head ON true
            WHERE coalesce(head.seq, 0) <> x.seq OR (x.seq > 0 AND head.hash <> x.hash)),
          ins AS (
            INSERT INTO "${s}".events (game, seq, id, hash, line, command_id)
            SELECT r.game, r.seq, r.id, r.hash, r.line, r.command_id
            FROM unnest(p_games, p_seqs, p_ids, p_hashes, p_lines, p_command_ids)
              WITH ORDINALITY AS r(game, seq, id, hash, line, command_id, ord)
            WHERE r.game NOT IN (SELECT stale.game FROM stale)
            ORDER BY r.ord
            RETURNING events.game, events.seq, events.position)
          SELECT ins.game, ins.seq, ins.position FROM ins;
        END $f$;`,
  },
];

/** The lock key of a schema's migrations, and the one every append of that schema takes (feed order). */
export const lockKey = (schema: string, what: 'migrations' | 'feed'): string => `awaw-surrender ${what} ${schema}`;

/**
 * The feed lock, taken before an append's INSERT (./postgres-append.ts) and given back right after it, before the
 * COMMIT: a lock of the connection, not the transaction, so that the WAL flush is not waited for under it. The INSERT
 * is the transaction's first write, so transaction ids are given in the lock's order, the order of feed positions. A
 * failed transaction gives it back with its ROLLBACK (RELEASE_FEED): a lock of the connection outlives the transaction.
 */
export const takeFeed = (schema: string): string =>
  `SELECT pg_advisory_lock(hashtextextended('${lockKey(schema, 'feed')}', 0))`;
export const RELEASE_FEED = 'SELECT pg_advisory_unlock_all()';
export const ROLLBACK = `ROLLBACK; ${RELEASE_FEED}`;

/** Applies the migrations the schema lacks; returns the versions applied now (none when it was current). */
export async function migrate(client: pg.ClientBase, schema: string): Promise<number[]> {
  const applied: number[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockKey(schema, 'migrations')]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${schema}".schema_migrations (version integer PRIMARY KEY, name text NOT NULL, ` +
        `applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const rows = await client.query<{ version: number }>(`SELECT version FROM "${schema}".schema_migrations`);
    const done = new Set(rows.rows.map((row) => row.version));
    const newest = Math.max(0, ...done);
    const known = MIGRATIONS.at(-1)?.version ?? 0;
    if (newest > known)
      throw new Error(
        `the database schema "${schema}" is at version ${newest}, ` +
          `newer than this engine knows (${known}): upgrade awaw-surrender`,
      );
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql(schema));
      await client.query(`INSERT INTO "${schema}".schema_migrations (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  return applied;
}
