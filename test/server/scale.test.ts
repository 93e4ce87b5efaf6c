// Scale: three real `serve` processes on one PostgreSQL database behind "any load balancer" (every request to a
// process picked at random), 100 games, concurrent clients sending legal, stale and illegal commands and reads for
// a bounded time. Then: the store holds exactly the acknowledged events, each once at its seq; every process
// answers every game at its last version and takes its next legal command; every game's log exports, verifies and
// replays with no mismatch; every refusal was a typed one; the processes stop with exit 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { memoryIo } from '../../src/cli/io.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import type { Seat } from '../../src/server/seats.js';
import { gameLog } from '../../src/store/game-log.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { operatorAuth } from '../support/operator.js';
import { describePg, usePgDatabase } from '../support/pg.js';
import { startServeCluster, type ServeCluster } from '../support/serve-cluster.js';
import { examplePlans, runLoad, turnOf, type Acked, type LoadGame, type LoadReport } from '../support/serve-load.js';

const PROCESSES = 3;
const GAMES = 100;
const CLIENTS = 24;
/** How long the clients run: fixed, so that the whole test stays well under a minute on a loaded 2-core box. */
const LOAD_MS = 4_000;
const SEED = 13;

async function post(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describePg('scale: several serve processes on one database', () => {
  const db = usePgDatabase();
  let cluster: ServeCluster | null = null;
  let store: PostgresEventStore | null = null;
  let schema = '';
  const dir = mkdtempSync(join(tmpdir(), 'awaw-scale-'));
  const games: LoadGame[] = [];
  let report: LoadReport | null = null;

  beforeAll(async () => {
    schema = db.schema();
    cluster = await startServeCluster(PROCESSES, db.url(), ['--schema', schema, '--rate-limit', '1000000']);
    store = await PostgresEventStore.open({ url: db.url(), schema, poolSize: 2 });
  });
  afterAll(async () => {
    await cluster?.stop();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates 100 games spread over the 3 processes; a game created on one is served by the others', async () => {
    const { urls } = cluster as ServeCluster;
    const plans = await examplePlans();
    for (let i = 0; i < GAMES; i += 1) {
      const created = await post(urls[i % PROCESSES] as string, '/games', { game: `scale-${i}` }, operatorAuth());
      expect(created.status).toBe(201);
      const { game, tokens } = created.body as { game: string; tokens: Record<Seat, string> };
      games.push({ game, tokens, plan: plans[i % plans.length] as LoadGame['plan'], cursor: 0, version: 0 });
    }
    // The first three were created one on each process.
    for (const g of games.slice(0, PROCESSES)) {
      for (const url of urls) {
        const response = await fetch(`${url}/games/${g.game}/events`, {
          headers: { authorization: `Bearer ${g.tokens.host}` },
        });
        expect(response.status, `${g.game} on ${url}`).toBe(200);
      }
    }
  });

  it(
    `${CLIENTS} clients for ${LOAD_MS} ms: every answer the ` +
      `one expected, every refusal typed (409, 412, 422; never a 500)`,
    async () => {
      report = await runLoad({
        urls: (cluster as ServeCluster).urls,
        games,
        clients: CLIENTS,
        durationMs: LOAD_MS,
        seed: SEED,
      });
      const counts = Object.fromEntries([...report.counts].sort());
      console.info(`scale: ${JSON.stringify(counts)}`);
      expect(report.surprises).toEqual([]);
      // A routine event refused as out of sequence: its game has since moved on to another (later) turn.
      const byGame = new Map(games.map((g) => [g.game, g]));
      for (const { game, turn } of report.outOfTurn) {
        const g = byGame.get(game) as LoadGame;
        expect(turnOf(g.plan.commands[g.cursor - 1] as OriginEvent), game).not.toEqual(turn);
      }
      // Each kind of request was made and answered as it must be (the clients pick games and kinds at random; how
      // many in the time depends on the machine's load).
      expect(counts['legal 200'] ?? 0).toBeGreaterThan(0);
      expect(counts['unguarded 200'] ?? 0).toBeGreaterThan(0);
      expect(counts['stale 412'] ?? 0).toBeGreaterThan(0);
      expect(counts['illegal 422'] ?? 0).toBeGreaterThan(0);
      expect(counts['read 200'] ?? 0).toBeGreaterThan(0);
    },
  );

  it('the store holds exactly the acknowledged events of each game, each once at its seq, nothing else', async () => {
    const acked = (report as LoadReport).acked;
    for (const g of games) {
      const stored: Acked[] = [];
      for await (const batch of (store as PostgresEventStore).readGame(g.game))
        stored.push(...batch.map(({ seq, id, hash }) => ({ seq, id, hash })));
      const told = [...(acked.get(g.game) ?? [])].sort((a, b) => a.seq - b.seq);
      expect(told, g.game).toEqual(stored);
      expect(
        stored.map((e) => e.seq),
        g.game,
      ).toEqual(Array.from({ length: g.version }, (_, i) => i + 1));
    }
  });

  it('every process answers every game at its last version, and takes its next legal command (catch-up)', async () => {
    const { urls } = cluster as ServeCluster;
    for (const g of games) {
      for (const url of urls) {
        const response = await fetch(`${url}/games/${g.game}/pending`, {
          headers: { authorization: `Bearer ${g.tokens.host}` },
        });
        const body = (await response.json()) as { version: number; rejection?: { code: string } };
        // A game the clients never got to start has no game yet (404 no-game) on every process.
        expect([response.status, body.rejection?.code, body.version], `${g.game} on ${url}`).toEqual(
          g.version === 0 ? [404, 'no-game', undefined] : [200, undefined, g.version],
        );
      }
    }
    // One more command for each unfinished game, each on the next process in turn (so that every game has begun).
    let k = 0;
    for (const g of games.filter((game) => game.cursor < game.plan.commands.length)) {
      const url = urls[++k % urls.length] as string;
      const sent = await post(url, `/games/${g.game}/commands`, g.plan.commands[g.cursor], {
        authorization: `Bearer ${g.tokens[g.plan.seats[g.cursor] as Seat]}`,
        'if-match': `"${g.version}"`,
      });
      expect(sent.status, `${g.game} on ${url}: ${JSON.stringify(sent.body)}`).toBe(200);
      const body = sent.body as { version: number; events: Acked[] };
      (report as LoadReport).acked.get(g.game)?.push(...body.events.map(({ seq, id, hash }) => ({ seq, id, hash })));
      g.cursor += 1;
      g.version = body.version;
    }
  });

  it("every game's stream exports as a log that verifies (hash chain) and replays with no mismatch", async () => {
    const url = db.url();
    for (const g of games) {
      const file = join(dir, `${g.game}.jsonl`);
      const exported = memoryIo();
      expect(
        await runCli(['export', g.game, '--db', url, '--schema', schema, '--out', file], exported),
        exported.stderr,
      ).toBe(0);
      const verified = memoryIo();
      expect(await runCli(['verify', '--json', file], verified), verified.stdout).toBe(0);
      expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, events: g.version });
      const engine = await SurrenderEngine.open(gameLog(store as PostgresEventStore, g.game), { checkDecisions: true });
      expect(engine.version, g.game).toBe(g.version);
      expect(engine.mismatches, g.game).toEqual([]);
      await engine.close();
    }
  });

  it('the processes stop cleanly on SIGTERM (exit 0), having logged no warning nor error', async () => {
    const stopping = cluster as ServeCluster;
    cluster = null;
    expect(await stopping.stop()).toEqual(Array.from({ length: PROCESSES }, () => 0));
    for (const served of stopping.processes) {
      // Standard error holds the log alone, one JSON line each (a crash's stack would be no JSON), all at info.
      const levels = served
        .stderr()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as { level: number }).level);
      expect(levels.length).toBeGreaterThan(0);
      expect(levels.filter((level) => level !== 30)).toEqual([]);
    }
  });
});
