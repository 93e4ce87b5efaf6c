// Commands with a host-chosen id through the host API, on every store (memory, a JSON Lines file, PostgreSQL): the
// same command sent again with its id is answered with its first outcome and appended once, another command with
// the id is refused, and a refusal records nothing, so a refused command sent again is decided again.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginEvent, StoredEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { SurrenderGames } from '../../src/host/games.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import type { GameStreamStore } from '../../src/store/game-streams.js';
import { ACCEPT, SEA_LION as GAME, seaLionScript } from '../support/exec-process.js';
import { onEveryStore, type Stores } from '../support/every-store.js';
import { makeTempDir } from '../store/support.js';

const accept = seaLionScript[ACCEPT] as OriginEvent;
const reject = { type: 'britain.offer-rejected', data: accept.data } as OriginEvent;

async function upTo(games: SurrenderGames, count: number): Promise<void> {
  for (const command of seaLionScript.slice(0, count)) {
    const result = await games.execute(GAME, command);
    if (!result.ok) throw new Error(`${command.type} refused: ${result.rejection.message}`);
  }
}

async function events(store: GameStreamStore): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for await (const batch of store.readGame(GAME)) all.push(...batch);
  return all;
}

function describeCommandIds(name: string, stores: () => Stores): void {
  describe(`${name}: commands with an id`, () => {
    const open: GameStreamStore[] = [];
    afterAll(async () => {
      await Promise.all(open.map((store) => store.close()));
    });
    const fresh = async (): Promise<{ store: GameStreamStore; games: SurrenderGames; another: Stores }> => {
      const another = stores();
      const store = await another();
      open.push(store);
      return { store, games: await SurrenderGames.open(store), another };
    };

    it('sent again with its id, a command answers its first events and head, repeated, appended once', async () => {
      const { store, games } = await fresh();
      await upTo(games, ACCEPT);
      const first = await games.execute(GAME, accept, { commandId: 'accept-1' });
      if (!first.ok) throw new Error(first.rejection.message);
      expect(first.events.map((e) => [e.type, e.commandId])).toEqual([
        ['britain.offer-accepted', 'accept-1'],
        ['britain.surrendered', undefined],
      ]);
      const before = await events(store);
      // The members in another order are the same command.
      const reordered = { data: accept.data, type: accept.type } as OriginEvent;
      expect(await games.execute(GAME, reordered, { commandId: 'accept-1' })).toEqual({ ...first, repeated: true });
      expect(await events(store)).toEqual(before);
      expect(before.filter((e) => e.type === 'britain.offer-accepted')).toHaveLength(1);
    });

    it('another command with that id is refused (command-id-reused) and appends nothing', async () => {
      const { store, games } = await fresh();
      await upTo(games, ACCEPT);
      const first = await games.execute(GAME, accept, { commandId: 'answer' });
      const before = await events(store);
      expect(await games.execute(GAME, reject, { commandId: 'answer' })).toEqual({
        ok: false,
        rejection: {
          code: 'command-id-reused',
          rule: 'command-id',
          message:
            `the command id "answer" is that of another command of game ${GAME} (britain.offer-accepted, seq ` +
            `${first.ok ? first.events[0]?.seq : 0}): an id names one command; send this one with an id of its own`,
        },
      });
      expect(await events(store)).toEqual(before);
    });

    it('a refusal records nothing: sent again with its id once the rules allow it, it is decided anew', async () => {
      const { games } = await fresh();
      await upTo(games, ACCEPT - 1);
      expect(await games.execute(GAME, accept, { commandId: 'early' })).toMatchObject({
        ok: false,
        rejection: { code: 'not-pending' },
      });
      // The game turn's end raises the offer (59.23).
      expect((await games.execute(GAME, seaLionScript[ACCEPT - 1] as OriginEvent)).ok).toBe(true);
      const later = await games.execute(GAME, accept, { commandId: 'early' });
      expect(later).toMatchObject({ ok: true, events: [{ type: 'britain.offer-accepted', commandId: 'early' }, {}] });
      expect(later).not.toHaveProperty('repeated');
    });

    it('under expectedVersion, the first outcome is the answer whatever the version is now', async () => {
      const { games } = await fresh();
      await upTo(games, ACCEPT);
      const version = (await games.game(GAME)).version;
      const first = await games.execute(GAME, accept, { expectedVersion: version, commandId: 'at-version' });
      expect(first.ok).toBe(true);
      expect(await games.execute(GAME, accept, { expectedVersion: version, commandId: 'at-version' })).toEqual({
        ...first,
        repeated: true,
      });
    });

    it('recorded by another writer, the command is answered from the log by an engine yet to read it', async () => {
      const { games, another } = await fresh();
      await upTo(games, ACCEPT);
      await games.game(GAME);
      const elsewhere = await another();
      open.push(elsewhere);
      const theirs = await (await SurrenderGames.open(elsewhere)).execute(GAME, accept, { commandId: 'theirs' });
      expect(theirs.ok).toBe(true);
      expect(await games.execute(GAME, accept, { commandId: 'theirs' })).toEqual({ ...theirs, repeated: true });
    });

    it('sent by two writers at once, the command is appended once; the other answers it as a repeat', async () => {
      const { store, games, another } = await fresh();
      await upTo(games, ACCEPT);
      const elsewhere = await another();
      open.push(elsewhere);
      const other = await SurrenderGames.open(elsewhere);
      await other.game(GAME);
      const both = await Promise.all([
        games.execute(GAME, accept, { commandId: 'race' }),
        other.execute(GAME, accept, { commandId: 'race' }),
      ]);
      expect(both.map((r) => r.ok && r.repeated === true).sort()).toEqual([false, true]);
      const [a, b] = both;
      expect(a?.ok && b?.ok && a.events).toEqual(b?.ok && b.events);
      expect((await events(store)).filter((e) => e.commandId === 'race')).toHaveLength(1);
    });

    it('a command id that is no id is malformed, naming options.commandId, and appends nothing', async () => {
      const { store, games } = await fresh();
      for (const commandId of ['', 'x'.repeat(129), 'two words', 7]) {
        expect(await games.execute(GAME, seaLionScript[0] as OriginEvent, { commandId } as never)).toEqual({
          ok: false,
          rejection: {
            code: 'malformed',
            rule: 'schema',
            message:
              'options.commandId: expected 1 to 128 characters, each a letter, a digit or one of _ . : - ' +
              '(^[A-Za-z0-9_.:-]{1,128}$)',
          },
        });
      }
      expect(await events(store)).toEqual([]);
    });
  });
}

onEveryStore('commands', describeCommandIds);

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir());
});
afterAll(() => cleanup());

describe('SurrenderEngine over one log, as exec and append drive it', () => {
  it('a JSON Lines log read by a fresh engine answers a command recorded by an earlier one', async () => {
    const path = join(dir, 'engine.jsonl');
    const games = await SurrenderGames.open(await JsonlFileStore.open(path, { create: true }));
    await upTo(games, ACCEPT);
    const first = await games.execute(GAME, accept, { commandId: 'engine-1' });
    await games.close();
    const engine = await SurrenderEngine.open(await JsonlFileStore.open(path));
    expect(await engine.execute(GAME, accept, { commandId: 'engine-1' })).toEqual({
      ...first,
      repeated: true,
    });
    await engine.close();
  });
});
