// The event stream's start (docs/server.md, "The stream"): `?from=SEQ`, else the seq after `Last-Event-ID` (a client
// that reconnects gets what it missed, and nothing twice), else from now on (only the appends made after it opened).
// Run on a directory of JSON Lines logs (api-directory.test.ts) and PostgreSQL (api-postgres.test.ts) alike.
import { afterEach, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import type { Backend } from '../../src/server/backend.js';
import type { Server } from '../../src/server/types.js';
import { auth, createGame, script, type Created } from './api-client.js';
import { TEST_OPERATOR } from '../support/operator.js';

/** A host note: one event per command, so that the seqs below are known without asking the engine. */
const note = (n: number) => ({
  type: 'host.logged',
  data: { turn: { season: 'spring', year: 1941 }, kind: 'note', data: { n } },
});

/** The stream's text, read until it holds `id: SEQ` (or 10 s pass); then the stream is closed. */
async function readUntil(response: Response, seq: number, controller: AbortController): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  const deadline = Date.now() + 10_000;
  try {
    while (!text.includes(`id: ${seq}\n`) && Date.now() < deadline) {
      const timeout = new Promise<null>((resolve) =>
        setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())).unref(),
      );
      const next = await Promise.race([reader.read(), timeout]);
      if (next === null || next.done) break;
      text += new TextDecoder().decode(next.value);
    }
  } finally {
    controller.abort();
  }
  return text;
}

const idsOf = (text: string): number[] => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

export function streamSuite(open: () => Promise<Backend>): void {
  const apps: Server[] = [];
  const backends: Backend[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await Promise.all(backends.splice(0).map((backend) => backend.close()));
  });

  /** A listening server with game `game` at version 3: the game's start and two notes (seqs 1, 2, 3). */
  const gameAtThree = async (game: string): Promise<{ app: Server; created: Created; base: string }> => {
    const backend = await open();
    backends.push(backend);
    const app = await buildServer(backend, { operator: TEST_OPERATOR });
    apps.push(app);
    const created = await createGame(app, game);
    const [started] = script();
    for (const command of [started, note(1), note(2)]) {
      const sent = await app.inject({
        method: 'POST',
        url: `/games/${game}/commands`,
        headers: auth(created.tokens.host),
        payload: command as object,
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, created, base };
  };
  const post = (app: Server, created: Created, command: unknown) =>
    app.inject({
      method: 'POST',
      url: `/games/${created.game}/commands`,
      headers: auth(created.tokens.host),
      payload: command as object,
    });

  it('reopened with Last-Event-ID: 2, a stream starts at seq 3, the next: none sent twice, none missed', async () => {
    const { app, created, base } = await gameAtThree('resume');
    const controller = new AbortController();
    const stream = await fetch(`${base}/games/resume/stream`, {
      headers: { ...auth(created.tokens.germany), 'last-event-id': '2' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect((await post(app, created, note(3))).json()).toMatchObject({ version: 4 });
    const text = await readUntil(stream, 4, controller);
    expect(text.startsWith(': game resume, events from seq 3\n\n')).toBe(true);
    expect(idsOf(text)).toEqual([3, 4]);
  });

  it('a stream reopened with Last-Event-ID: 0 (it had heard nothing) starts at seq 1', async () => {
    const { created, base } = await gameAtThree('resume0');
    const controller = new AbortController();
    const stream = await fetch(`${base}/games/resume0/stream`, {
      headers: { ...auth(created.tokens.italy), 'last-event-id': '0' },
      signal: controller.signal,
    });
    expect(idsOf(await readUntil(stream, 3, controller))).toEqual([1, 2, 3]);
  });

  it('?from= wins over Last-Event-ID', async () => {
    const { created, base } = await gameAtThree('from');
    const controller = new AbortController();
    const stream = await fetch(`${base}/games/from/stream?from=2`, {
      headers: { ...auth(created.tokens.host), 'last-event-id': '2' },
      signal: controller.signal,
    });
    expect(idsOf(await readUntil(stream, 3, controller))).toEqual([2, 3]);
  });

  it(
    'a stream opened with neither ?from= nor Last-Event-ID starts from now on: at a game of version 3, the next ' +
      'append (seq 4) is its first event',
    async () => {
      const { app, created, base } = await gameAtThree('now');
      const controller = new AbortController();
      const stream = await fetch(`${base}/games/now/stream`, {
        headers: auth(created.tokens.britain),
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      expect((await post(app, created, note(3))).json()).toMatchObject({ version: 4 });
      expect((await post(app, created, note(4))).json()).toMatchObject({ version: 5 });
      const text = await readUntil(stream, 5, controller);
      expect(text.startsWith(': game now, events from seq 4\n\n')).toBe(true);
      expect(idsOf(text)).toEqual([4, 5]);
      expect(text).toContain('data: {"seq":4,');
    },
  );
}
