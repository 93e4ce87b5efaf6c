// The server's Prometheus metrics (prom-client), in a registry of each app's own (never prom-client's global one),
// so that two apps in one process count apart. Scraped at `/metrics` on a port of its own (./metrics-server.ts).
import type { Server as NetServer } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { definitionOf } from '../../events/index.js';
import type { StoreErrorKind } from '../store/store-error.js';
import type { BackendActivity } from './backend.js';

/** Seconds: a read in memory takes well under a millisecond, a command on PostgreSQL a few. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A command's type as a label: an event type a host or a player sends, else `other` (labels stay few). */
export function commandLabel(body: unknown): string {
  const type = typeof body === 'object' && body !== null ? (body as { type?: unknown }).type : undefined;
  const source = typeof type === 'string' ? definitionOf(type)?.source : undefined;
  return source === 'host' || source === 'player' ? (type as string) : 'other';
}

export interface GameCounts {
  readonly open: number;
  readonly evicted: number;
}

const NO_ACTIVITY: BackendActivity = {
  reads: { head: 0, events: 0 },
  notifications: { notOpen: 0, known: 0, news: 0 },
};

export class ServerMetrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<'method' | 'route' | 'status'>;
  readonly #clientErrors: Counter<'status'>;
  readonly #commands: Counter<'type' | 'outcome'>;
  readonly #commandSeconds: Histogram<'type'>;
  readonly #storeErrors: Counter<'kind'>;
  readonly #streams: Gauge;
  readonly #rateLimited: Counter<'by'>;
  readonly #dropped: Counter;
  readonly #notifyFailures: Counter<'what'>;
  #games: () => GameCounts = () => ({ open: 0, evicted: 0 });
  #activity: () => BackendActivity = () => NO_ACTIVITY;
  #server: NetServer | null = null;

  /** `process`: also Node's own (CPU, memory, event loop delay, garbage collection), as a whole process reports. */
  constructor(options: { readonly process?: boolean } = {}) {
    const registers = [this.registry];
    if (options.process === true) collectDefaultMetrics({ register: this.registry });
    this.#requests = new Histogram({
      name: 'awaw_http_request_duration_seconds',
      help: 'HTTP requests answered, by method, route (none: no route) and status, and how long each took',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers,
    });
    this.#clientErrors = new Counter({
      name: 'awaw_http_client_errors_total',
      help: 'Requests refused before any route: not HTTP, headers too large, not received in time (408)',
      labelNames: ['status'],
      registers,
    });
    this.#commands = new Counter({
      name: 'awaw_commands_total',
      help: 'Commands (POST /games/:game/commands) by type and outcome: applied, or the rejection code',
      labelNames: ['type', 'outcome'],
      registers,
    });
    this.#commandSeconds = new Histogram({
      name: 'awaw_command_duration_seconds',
      help: 'How long each command took to answer, by type',
      labelNames: ['type'],
      buckets: BUCKETS,
      registers,
    });
    this.#storeErrors = new Counter({
      name: 'awaw_store_errors_total',
      help: "Failures of the store (a log, the seats, the database), by StoreError kind; 'defect' for any other",
      labelNames: ['kind'],
      registers,
    });
    this.#streams = new Gauge({ name: 'awaw_stream_clients', help: 'Event streams open now', registers });
    this.#rateLimited = new Counter({
      name: 'awaw_rate_limited_total',
      help: "Requests refused by the rate limit (429), by bucket: a seat's, a viewer's, the operator's, an address's",
      labelNames: ['by'],
      registers,
    });
    this.#dropped = new Counter({
      name: 'awaw_connections_dropped_total',
      help: 'Connections closed as soon as accepted: the server held --max-connections already',
      registers,
    });
    this.#notifyFailures = new Counter({
      name: 'awaw_notify_failures_total',
      help:
        "Failures of the notifications of this process's appends (PostgreSQL), by what failed: connect (no " +
        'connection made), send (a batch not sent: sent again), lost (the connection ended while idle)',
      labelNames: ['what'],
      registers,
    });
    const games = (): GameCounts => this.#games();
    const activity = (): BackendActivity => this.#activity();
    new Counter({
      name: 'awaw_store_reads_total',
      help: "Reads of a game's stream in the store: its head (did it move?) or its events (replay, catch-up, a stream)",
      labelNames: ['what'],
      registers,
      collect() {
        const { reads } = activity();
        this.reset();
        this.inc({ what: 'head' }, reads.head);
        this.inc({ what: 'events' }, reads.events);
      },
    });
    new Counter({
      name: 'awaw_notifications_total',
      help:
        'Appends heard from the database (LISTEN/NOTIFY), by what was done: not-open (a game not open here), known ' +
        "(a version its engine had read: this process's own appends), news (read before the game's next use)",
      labelNames: ['outcome'],
      registers,
      collect() {
        const { notifications } = activity();
        this.reset();
        this.inc({ outcome: 'not-open' }, notifications.notOpen);
        this.inc({ outcome: 'known' }, notifications.known);
        this.inc({ outcome: 'news' }, notifications.news);
      },
    });
    const server = (): NetServer | null => this.#server;
    new Gauge({
      name: 'awaw_open_games',
      help: 'Games open in memory now',
      registers,
      collect() {
        this.set(games().open);
      },
    });
    new Counter({
      name: 'awaw_game_evictions_total',
      help: 'Games closed to make room for others (--max-open-games), replayed when next asked for',
      registers,
      collect() {
        this.reset();
        this.inc(games().evicted);
      },
    });
    new Gauge({
      name: 'awaw_http_connections',
      help: 'HTTP connections open now',
      registers,
      async collect() {
        const http = server();
        const open = await new Promise<number>((resolve) =>
          http === null ? resolve(0) : http.getConnections((error, count) => resolve(error ? 0 : count)),
        );
        this.set(open);
      },
    });
  }

  /** Where the open games and evictions are read (the app's backend). */
  countGames(source: () => GameCounts): void {
    this.#games = source;
  }

  /** Where the reads of the store and the notifications heard are read (the app's backend). */
  countActivity(source: () => BackendActivity): void {
    this.#activity = source;
  }

  /** The HTTP server whose connections are counted. */
  countConnections(server: NetServer): void {
    this.#server = server;
  }

  request(method: string, route: string | null, status: number, seconds: number): void {
    this.#requests.observe({ method, route: route ?? 'none', status: String(status) }, seconds);
  }

  /** A request refused by the rate limit, counted in `by`'s bucket (./rate-limit.ts). */
  rateLimited(by: 'seat' | 'viewer' | 'operator' | 'address'): void {
    this.#rateLimited.inc({ by });
  }

  clientError(status: number): void {
    this.#clientErrors.inc({ status: String(status) });
  }

  command(type: string, outcome: string, seconds: number): void {
    this.#commands.inc({ type, outcome });
    this.#commandSeconds.observe({ type }, seconds);
  }

  storeError(kind: StoreErrorKind | 'defect'): void {
    this.#storeErrors.inc({ kind });
  }

  streamOpened(): void {
    this.#streams.inc();
  }

  streamClosed(): void {
    this.#streams.dec();
  }

  dropped(): void {
    this.#dropped.inc();
  }

  notifyFailed(what: 'connect' | 'send' | 'lost'): void {
    this.#notifyFailures.inc({ what });
  }

  /** The text format Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
