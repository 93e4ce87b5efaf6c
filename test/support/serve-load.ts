// Concurrent clients against several `serve` processes on one store (./serve-cluster.ts), each request to any process
// ("any load balancer"): the example games' commands in order, each with If-Match the version the client last saw (two
// clients racing on one game: one wins, the other gets 412), routine host events without If-Match (decided again after
// another writer's append: 200, or 409), deliberately stale ones (an older If-Match: 412), illegal ones (a second
// host.game-started: 422) and reads (never older than an acknowledged append). Every acknowledged event and every
// refusal is recorded for the checks afterwards.
import type { OriginEvent } from '../../src/engine/decide.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { INERT_TYPES } from '../../src/engine/replay.js';
import { exampleGames } from '../../src/examples/games.js';
import { seatsFor, type Seat } from '../../src/server/seats.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { rng } from '../../bench/random.js';

/** One example game's commands and, for each, the seat whose token the server takes for it. */
export interface GamePlan {
  readonly name: string;
  readonly commands: readonly OriginEvent[];
  readonly seats: readonly Seat[];
}

/**
 * Every example game's plan: its script without the host's routine `host.logged` events (inert: no rule reads
 * them), so that a few seconds reach the rules' decisions, played on an in-memory engine to learn each command's seat.
 */
export async function examplePlans(): Promise<GamePlan[]> {
  const plans: GamePlan[] = [];
  for (const [name, script] of Object.entries(exampleGames)) {
    const commands = script().events.filter((command) => !INERT_TYPES.includes(command.type));
    const seats: Seat[] = [];
    const engine = await SurrenderEngine.open(new MemoryEventStore());
    for (const command of commands) {
      const pending = engine.view(name) === undefined ? [] : engine.pending(name);
      seats.push([...(seatsFor(command, pending) ?? ['host' as const])][0] as Seat);
      const result = await engine.execute(name, command);
      if (!result.ok) throw new Error(`${name}: ${result.rejection.message}`);
    }
    plans.push({ name, commands, seats });
  }
  return plans;
}

/** A game as the clients know it: the server's game id and tokens, its plan, and how far it has got. */
export interface LoadGame {
  readonly game: string;
  readonly tokens: Readonly<Record<Seat, string>>;
  readonly plan: GamePlan;
  /** The next command of the plan and the version the game is at (both as of the last acknowledgement). */
  cursor: number;
  version: number;
}

/** An event a 200 named: the client was told it is stored at this seq. */
export interface Acked {
  readonly seq: number;
  readonly id: string;
  readonly hash: string;
}

export type Kind = 'legal' | 'unguarded' | 'stale' | 'illegal' | 'read';

/** A response the load did not expect (wrong status, untyped body, a read older than an acknowledgement). */
export interface Surprise {
  readonly kind: Kind;
  readonly game: string;
  readonly url: string;
  readonly status: number;
  readonly detail: string;
}

export interface LoadReport {
  /** The acknowledged events, per game. */
  readonly acked: Map<string, Acked[]>;
  /** Responses per kind and status, e.g. `legal 200`, `stale 412`. */
  readonly counts: Map<string, number>;
  readonly surprises: Surprise[];
  /** Routine events refused as out of sequence: play must have moved past their turn. */
  readonly outOfTurn: { readonly game: string; readonly turn: unknown }[];
}

/** The turn a command reports (every command has one, the game's start too). */
export const turnOf = (command: OriginEvent): unknown => (command.data as { turn: unknown }).turn;

/** The concurrency refusals' codes (docs/server.md). */
const CODE_OF_STATUS: Readonly<Record<number, string>> = { 409: 'conflict', 412: 'stale-version' };

interface Reply {
  readonly status: number;
  readonly body: unknown;
}

/** A typed refusal: `{ ok: false, rejection: { code, rule, message } }`, each a non-empty string. */
export function isTypedRefusal(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { ok, rejection } = body as { ok?: unknown; rejection?: unknown };
  if (ok !== false || typeof rejection !== 'object' || rejection === null) return false;
  const { code, rule, message } = rejection as Record<string, unknown>;
  return [code, rule, message].every((field) => typeof field === 'string' && field !== '');
}

async function request(
  url: string,
  method: 'GET' | 'POST',
  token: string,
  body?: unknown,
  ifMatch?: number,
): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (ifMatch !== undefined) headers['if-match'] = `"${ifMatch}"`;
  let response: globalThis.Response;
  let text: string;
  try {
    response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    text = await response.text();
  } catch (error) {
    // No answer at all (a process died, a connection reset): status 0, reported by the checks.
    return { status: 0, body: error instanceof Error ? error.message : String(error) };
  }
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: an untyped body, reported by the checks.
  }
  return { status: response.status, body: parsed };
}

/** How many games take half the requests. */
const HOT_GAMES = 8;

export interface LoadSettings {
  readonly urls: readonly string[];
  readonly games: readonly LoadGame[];
  readonly clients: number;
  readonly durationMs: number;
  readonly seed: number;
}

/** Runs the clients until `durationMs` has passed (or every game has played its plan through). */
export async function runLoad({ urls, games, clients, durationMs, seed }: LoadSettings): Promise<LoadReport> {
  const random = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const report: LoadReport = {
    acked: new Map(games.map((g) => [g.game, []])),
    counts: new Map(),
    surprises: [],
    outOfTurn: [],
  };
  const deadline = Date.now() + durationMs;
  const matchedSets = new Map<string, Set<number>>();
  const matchedOf = (g: LoadGame): Set<number> => {
    let set = matchedSets.get(g.game);
    if (set === undefined) {
      set = new Set();
      matchedSets.set(g.game, set);
    }
    return set;
  };

  /** Per game, the version each command of its plan was applied at (the If-Match of its 200). */
  const applied = new Map<string, Map<number, number>>();
  const appliedOf = (g: LoadGame): Map<number, number> => {
    let map = applied.get(g.game);
    if (map === undefined) {
      map = new Map();
      applied.set(g.game, map);
    }
    return map;
  };
  /** The plan's commands refused by the rules (422), to be judged at the end. */
  const late: { g: LoadGame; url: string; reply: Reply; cursor: number; version: number }[] = [];

  const note = (kind: Kind, g: LoadGame, url: string, reply: Reply, expected: readonly number[], detail = ''): void => {
    const key = `${kind} ${reply.status}`;
    report.counts.set(key, (report.counts.get(key) ?? 0) + 1);
    const typed = reply.status === 200 || isTypedRefusal(reply.body);
    const code = (reply.body as { rejection?: { code?: unknown } } | null)?.rejection?.code;
    const coded = CODE_OF_STATUS[reply.status] === undefined || CODE_OF_STATUS[reply.status] === code;
    if (!expected.includes(reply.status) || !typed || !coded || detail !== '') {
      report.surprises.push({
        kind,
        game: g.game,
        url,
        status: reply.status,
        detail: `${detail} ${JSON.stringify(reply.body).slice(0, 300)}`.trim(),
      });
    }
  };

  const acknowledge = (g: LoadGame, body: { version: number; events: readonly Acked[] }): void => {
    (report.acked.get(g.game) as Acked[]).push(...body.events.map(({ seq, id, hash }) => ({ seq, id, hash })));
    g.version = Math.max(g.version, body.version);
  };

  const legal = async (g: LoadGame, url: string): Promise<void> => {
    const { cursor, version } = g;
    const reply = await request(
      `${url}/games/${g.game}/commands`,
      'POST',
      g.tokens[g.plan.seats[cursor] as Seat],
      g.plan.commands[cursor],
      version,
    );
    // Judged once every answer is in: the client may have learnt of a later version (another client's routine
    // event, answered first) before the answer that moved the plan past this command.
    if (reply.status === 422) return void late.push({ g, url, reply, cursor, version });
    if (reply.status !== 200) return note('legal', g, url, reply, [412]);
    acknowledge(g, reply.body as { version: number; events: Acked[] });
    // Only one append can succeed at a version, and only it moves the game on in its plan.
    const matched = matchedOf(g);
    const raced = matched.has(version) || g.cursor !== cursor ? `a second 200 at version ${version}` : '';
    matched.add(version);
    appliedOf(g).set(cursor, version);
    g.cursor = cursor + 1;
    note('legal', g, url, reply, [200], raced);
  };

  // A routine host event of the turn the client last saw, without If-Match: decided against the game as it is
  // (again after another writer's append; 409 if that goes on), refused only when play has moved to a later turn.
  const unguarded = async (g: LoadGame, url: string): Promise<void> => {
    const turn = turnOf(g.plan.commands[g.cursor - 1] as OriginEvent);
    const reply = await request(`${url}/games/${g.game}/commands`, 'POST', g.tokens.host, {
      type: 'host.logged',
      data: { turn, kind: 'load', data: { url } },
    });
    if (reply.status === 200) acknowledge(g, reply.body as { version: number; events: Acked[] });
    const code = (reply.body as { rejection?: { code?: unknown } }).rejection?.code;
    if (reply.status === 422) report.outOfTurn.push({ game: g.game, turn });
    note(
      'unguarded',
      g,
      url,
      reply,
      [200, 409, 422],
      reply.status === 422 && code !== 'out-of-sequence' ? `code ${String(code)}` : '',
    );
  };

  const stale = async (g: LoadGame, url: string): Promise<void> => {
    const reply = await request(
      `${url}/games/${g.game}/commands`,
      'POST',
      g.tokens[g.plan.seats[g.cursor] as Seat],
      g.plan.commands[g.cursor],
      g.version - 1,
    );
    note('stale', g, url, reply, [412]);
  };

  const illegal = async (g: LoadGame, url: string): Promise<void> => {
    // 55/56/59 all start from one host.game-started: a second one is a rule refusal (422 game-exists).
    const reply = await request(`${url}/games/${g.game}/commands`, 'POST', g.tokens.host, g.plan.commands[0]);
    const code = (reply.body as { rejection?: { code?: unknown } }).rejection?.code;
    note('illegal', g, url, reply, [422], reply.status === 422 && code !== 'game-exists' ? `code ${String(code)}` : '');
  };

  const read = async (g: LoadGame, url: string): Promise<void> => {
    const seen = g.version;
    const reply = await request(`${url}/games/${g.game}/pending`, 'GET', g.tokens.host);
    const version = (reply.body as { version?: unknown }).version;
    const older =
      reply.status === 200 && typeof version === 'number' && version < seen
        ? `version ${version}, older than the acknowledged ${seen}`
        : '';
    note('read', g, url, reply, [200], older);
  };

  const client = async (): Promise<void> => {
    while (Date.now() < deadline) {
      const open = games.filter((g) => g.cursor < g.plan.commands.length);
      if (open.length === 0) return;
      // Half the requests go to a few hot games (clients racing on one game, deep into its rules), half to any.
      const g = pick(random() < 0.5 ? open.slice(0, HOT_GAMES) : open);
      const url = pick(urls);
      const roll = random();
      if (g.version === 0 || roll < 0.55) await legal(g, url);
      else if (roll < 0.65) await unguarded(g, url);
      else if (roll < 0.77) await stale(g, url);
      else if (roll < 0.85) await illegal(g, url);
      else await read(g, url);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  // A plan's command the rules refuse is one some client had already applied, at a version before this request's.
  for (const { g, url, reply, cursor, version } of late) {
    const at = applied.get(g.game)?.get(cursor);
    const early = at === undefined || at >= version ? `refused at version ${version}, not applied before it` : '';
    note('legal', g, url, reply, [422], early);
  }
  return report;
}
