// The HTTP bench's load: games created through the API, then clients, each on one keep-alive connection
// (./http-client.ts), sending
// one command at a time (If-Match: the version its last answer gave) for a fixed time, every latency recorded.
import { seaLion1941 } from '../src/examples/sea-lion-1941.js';
import { command, latency, type Latency } from './host-bench.js';
import { BenchConnection } from './http-client.js';

export interface BenchGame {
  readonly name: string;
  readonly hostToken: string;
  version: number;
}

/** The game every bench game starts as: the Sea Lion example's host.game-started (spring 1941). */
const START = seaLion1941().events[0];
const START_TURN = (START?.data as { turn?: unknown } | undefined)?.turn;

const versionOf = (body: unknown): number => {
  const version = (body as { version?: unknown } | null)?.version;
  if (typeof version !== 'number') throw new Error(`an answer without a version: ${JSON.stringify(body)}`);
  return version;
};

/**
 * Creates `count` games on `base` with the operator's token and starts each (its first event): the bench's games, at
 * version 1.
 */
export async function createGames(
  base: string,
  prefix: string,
  count: number,
  operatorToken: string,
): Promise<BenchGame[]> {
  const connections = await Promise.all(Array.from({ length: 8 }, () => BenchConnection.open(base)));
  try {
    const make = async (i: number): Promise<BenchGame> => {
      const name = `${prefix}-${String(i).padStart(3, '0')}`;
      const connection = connections[i % connections.length] as BenchConnection;
      const created = await connection.send(
        'POST',
        '/games',
        { authorization: `Bearer ${operatorToken}` },
        { game: name },
      );
      if (created.status !== 201)
        throw new Error(`POST /games ${name}: ${created.status} ${JSON.stringify(created.body)}`);
      const hostToken = (created.body as { tokens: { host: string } }).tokens.host;
      const started = await connection.send(
        'POST',
        `/games/${name}/commands`,
        { authorization: `Bearer ${hostToken}`, 'if-match': '"0"' },
        START,
      );
      if (started.status !== 200)
        throw new Error(`${name}: host.game-started: ${started.status} ${JSON.stringify(started.body)}`);
      return { name, hostToken, version: versionOf(started.body) };
    };
    const games: BenchGame[] = [];
    for (let i = 0; i < count; i += 8)
      games.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, j) => make(i + j)))));
    return games;
  } finally {
    for (const connection of connections) connection.close();
  }
}

export interface LoadResult {
  readonly clients: number;
  readonly processes: number;
  readonly games: number;
  readonly seconds: number;
  readonly warmUpSeconds: number;
  /** Commands answered 200 within the measured window. */
  readonly commands: number;
  readonly commandsPerSecond: number;
  /** Answers other than 200 (none are expected: each game has one client). */
  readonly failures: number;
  readonly failureStatuses: Readonly<Record<string, number>>;
  readonly latency: Latency;
}

export interface LoadOptions {
  readonly servers: readonly string[];
  readonly games: readonly BenchGame[];
  readonly clients: number;
  readonly seconds: number;
  readonly warmUpSeconds: number;
}

/**
 * `clients` clients for warm-up + `seconds`: client c owns the games i with i % clients = c (so no two clients
 * race on a game) and talks to server c % servers; it sends each of its games a host.logged in turn, If-Match
 * the version that game's last answer gave. Only commands started after the warm-up count.
 */
export async function driveLoad(options: LoadOptions): Promise<LoadResult> {
  const { servers, games, clients, seconds, warmUpSeconds } = options;
  const start = performance.now();
  const measureFrom = start + warmUpSeconds * 1000;
  const end = measureFrom + seconds * 1000;
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let failures = 0;
  const client = async (c: number): Promise<void> => {
    const mine = games.filter((_, i) => i % clients === c);
    const base = servers[c % servers.length] ?? '';
    const connection = await BenchConnection.open(base);
    try {
      for (let n = 0; mine.length > 0; n += 1) {
        const game = mine[n % mine.length] as BenchGame;
        const sent = performance.now();
        if (sent >= end) return;
        const headers = { authorization: `Bearer ${game.hostToken}`, 'if-match': `"${game.version}"` };
        const answer = await connection.send('POST', `/games/${game.name}/commands`, headers, command(START_TURN, n));
        const took = performance.now() - sent;
        const counted = sent >= measureFrom;
        if (answer.status === 200) {
          game.version = versionOf(answer.body);
          if (counted) times.push(took);
          continue;
        }
        if (counted) {
          failures += 1;
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        }
        // Read the game again before going on with it.
        const read = await connection.send('GET', `/games/${game.name}`, { authorization: `Bearer ${game.hostToken}` });
        if (read.status === 200) game.version = versionOf(read.body);
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return {
    clients,
    processes: servers.length,
    games: games.length,
    seconds,
    warmUpSeconds,
    commands: times.length,
    commandsPerSecond: times.length / seconds,
    failures,
    failureStatuses: statuses,
    latency: latency(times),
  };
}
