// GET /games/:game/report: the game's report page (src/report/), the same page `awaw-surrender report LOG --game G`
// writes, for any seat of the game and its viewer (as the audit), whose token may come as ?access_token= so that a
// browser opens it.
import { INERT_TYPES } from '../engine/replay.js';
import { summarize } from '../engine/summary.js';
import { UnknownGameError } from '../engine/unknown-game.js';
import { buildReport, mismatchProblem } from '../report/page.js';
import type { StoredEvent } from '../../events/index.js';
import { failed } from './auth.js';
import { withSlot, type Backend } from './backend.js';
import type { Credentials } from './credentials.js';
import { refusal } from './http-errors.js';
import { GameParams, type Server } from './types.js';

const inert = new Set(INERT_TYPES);

/** The page runs no script and loads nothing: the policy says so to the browser as well. */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export function reportRoutes(app: Server, backend: Backend, credentials: Credentials): void {
  app.get('/games/:game/report', { schema: { params: GameParams } }, async (request, reply) => {
    const { game } = request.params;
    const seat = await credentials.readerOf(request, game);
    if (failed(seat)) return reply.code(seat.status).send(seat.body);
    const page = await withSlot(backend, game, async ({ engine, store }) => {
      await engine.catchUp();
      const view = engine.view(game);
      if (view === undefined) return null;
      const events: StoredEvent[] = [];
      for await (const batch of store.read({ from: 1 }))
        for (const event of batch) if (event.game === game && !inert.has(event.type)) events.push(event);
      const problems = engine.mismatches.filter((m) => m.game === game).map(mismatchProblem);
      return {
        version: engine.version,
        html: await buildReport({ title: game, games: [{ game, events, summary: summarize(view) }], problems }),
      };
    });
    if (page === null) {
      const failure = refusal('no-game', 'sequence', new UnknownGameError(game).message);
      return reply.code(failure.status).send(failure.body);
    }
    return reply
      .code(200)
      .header('etag', `"${page.version}"`)
      .header('content-security-policy', POLICY)
      .type('text/html; charset=utf-8')
      .send(page.html);
  });
}
