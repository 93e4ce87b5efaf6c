// SurrenderEngine, the host's command API, over both event stores: a refused command leaves the log
// byte for byte as it was; pending(), wars() and permissions() along an example game; two engines on one
// log, each deciding against what the other appended.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginEvent, StoredEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import type { EventStore } from '../../src/store/store.js';
import { Replayer } from '../../src/engine/replay.js';
import { UnknownGameError } from '../../src/engine/unknown-game.js';
import { britishPool } from '../support/british-fixtures.js';
import { FLEET } from '../support/italian-fixtures.js';

const GAME = 'sea-lion-1941';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'awaw-engine-api-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Backend {
  readonly name: string;
  /** A new, empty log; `second` opens another handle on the same log, as another process would. */
  create(): Promise<{ store: EventStore; second: () => Promise<EventStore>; bytes: () => Promise<string> }>;
}

let files = 0;
const backends: readonly Backend[] = [
  {
    name: 'memory store',
    async create() {
      const store = new MemoryEventStore({ source: deterministicSource(GAME) });
      return { store, second: async () => store, bytes: async () => store.toJsonl() };
    },
  },
  {
    name: 'JSONL file store',
    async create() {
      const path = join(dir, `log-${++files}.jsonl`);
      const store = await JsonlFileStore.open(path, { create: true, source: deterministicSource(GAME) });
      return {
        store,
        second: () => JsonlFileStore.open(path, { source: deterministicSource(`${GAME}-2`) }),
        bytes: () => readFile(path, 'utf8'),
      };
    },
  },
];

const script = () => seaLion1941().events;
/** Index in the script of the first command of a type. */
const indexOf = (type: OriginEvent['type']): number => {
  const i = script().findIndex((e) => e.type === type);
  if (i < 0) throw new Error(`the example has no ${type}`);
  return i;
};
/** The Summer 1941 game turn end, at which Britain offers to surrender at -4. */
const OFFER_TURN_END = indexOf('britain.offer-accepted') - 1;

async function playInto(engine: SurrenderEngine, origins: readonly OriginEvent[]): Promise<void> {
  for (const origin of origins) {
    const result = await engine.execute(GAME, origin);
    if (!result.ok)
      throw new Error(`the example refused ${origin.type}: ${result.rejection.rule} ${result.rejection.message}`);
  }
}

function britishFactsOf(origin: OriginEvent | undefined) {
  if (origin?.type !== 'host.game-turn-ended') throw new Error('fixture: a game turn end');
  return origin.data.britain;
}

const su41 = { season: 'summer', year: 1941 } as const;
const sp42 = { season: 'spring', year: 1942 } as const;

/**
 * Commands that are illegal after the whole sea-lion example (Spring 1942, Britain at peace, nothing
 * pending), each by construction: the rule that refuses it is named beside it.
 */
const illegal: fc.Arbitrary<{ readonly game: string; readonly origin: unknown; readonly why: string }> = (() => {
  const season = fc.constantFrom('spring' as const, 'summer' as const, 'fall' as const, 'winter' as const);
  const earlier = fc.oneof(
    fc.record({ year: fc.integer({ min: 1900, max: 1940 }), season }),
    fc.record({ year: fc.constant(1941), season }),
  );
  // No default for `game`: an undefined game id is one of the malformed ones.
  const g = (origin: unknown, why: string, ...game: [unknown?]) => ({
    game: (game.length === 0 ? GAME : game[0]) as string,
    origin,
    why,
  });
  const valid: OriginEvent = { type: 'host.logged', data: { turn: sp42, kind: 'movement', data: {} } };
  return fc.oneof(
    // Reports for a turn already past (sequence).
    earlier.map((turn) => g({ type: 'host.logged', data: { turn, kind: 'movement', data: {} } }, 'an earlier turn')),
    earlier.map((turn) =>
      g({ type: 'host.city-firestormed', data: { turn, country: 'britain', city: 'Coventry' } }, 'an earlier turn'),
    ),
    fc.constant(
      g(
        { type: 'host.allied-player-turn-ended', data: { turn: sp42, germany: null, italy: null } },
        'the Allied player turn already ended',
      ),
    ),
    fc.constant(
      g(
        { type: 'host.game-turn-ended', data: { turn: sp42, britain: britishFactsOf(script()[OFFER_TURN_END]) } },
        'the game turn already ended',
      ),
    ),
    // Answers and decisions nobody waits for.
    fc
      .constantFrom('britain.offer-accepted' as const, 'britain.offer-rejected' as const)
      .map((type) => g({ type, data: { turn: sp42 } }, '59.12: no offer')),
    fc.constant(
      g(
        { type: 'britain.forces-selected', data: { turn: sp42, selection: ['aaf-1'] } },
        '59.513A: no reduction pending',
      ),
    ),
    fc.constant(
      g(
        { type: 'britain.forces-selected', data: { turn: sp42, units: britishPool, selection: ['aaf-1'] } },
        '59.513A: the pool is reported, never inline',
      ),
    ),
    fc.constant(
      g({ type: 'host.british-force-pool', data: { turn: sp42, units: britishPool } }, '59.513: no reduction pending'),
    ),
    fc.constant(
      g(
        {
          type: 'host.far-east-hex-control',
          data: { turn: sp42, unsuppliedHexes: [], fortificationsEliminated: [], areas: [] },
        },
        '59.892A: Japan has not adhered',
      ),
    ),
    fc.constant(g({ type: 'japan.treaty-decided', data: { turn: sp42, adheres: true } }, '59.891C: no choice pending')),
    fc.constant(
      g(
        { type: 'host.italian-forces-reported', data: { turn: sp42, navy: FLEET.navy, infantry: FLEET.infantry } },
        '56.31D: Italy has not surrendered',
      ),
    ),
    // Declarations the rules forbid.
    fc.constant(
      g(
        { type: 'war.declared', data: { turn: sp42, aggressor: 'britain', targets: ['germany'], usatLevel: null } },
        '59.83',
      ),
    ),
    fc.constant(
      g(
        { type: 'war.declared', data: { turn: sp42, aggressor: 'germany', targets: ['italy'], usatLevel: null } },
        'same side',
      ),
    ),
    fc.constant(
      g(
        { type: 'war.declared', data: { turn: sp42, aggressor: 'germany', targets: ['russia'], usatLevel: null } },
        'already at war',
      ),
    ),
    // A second start, a game that never started, a game id the log cannot hold.
    fc.constant(g(script()[0], 'the game has started')),
    fc.constant(g(valid, 'no such game', 'another-game')),
    fc
      .tuple(fc.constantFrom('', 'a b', '-x', 'ä', 'x'.repeat(65)), fc.constantFrom(valid, script()[0]))
      .map(([id, origin]) => g(origin, 'a malformed game id', id)),
    fc
      .anything()
      .filter((id) => typeof id !== 'string')
      .map((id) => g(valid, 'a game id that is not a string', id as string)),
    // Malformed payloads, cast through unknown as a host reading JSON might send them.
    fc
      .oneof(
        fc.constantFrom(null, undefined, 42, 'host.logged', [valid]),
        fc.anything().filter((o) => typeof o !== 'object' || o === null || Array.isArray(o)),
      )
      .map((origin) => g(origin, 'not an event object')),
    fc
      .record({ type: fc.anything().filter((t) => typeof t !== 'string'), data: fc.constant(valid.data) })
      .map((origin) => g(origin, 'a type that is not a string')),
    fc
      .string()
      .filter((t) => !t.includes('.'))
      .map((type) => g({ type, data: valid.data }, 'an unknown type')),
    fc
      .constantFrom('britain.surrendered', 'germany.surrender-checked', 'europe.war-ended')
      .map((type) => g({ type, data: valid.data }, 'a rule decision is not a command')),
    fc.constantFrom('turn', 'kind', 'data').map((field) => {
      const data: Record<string, unknown> = { ...valid.data };
      delete data[field];
      return g({ type: 'host.logged', data }, `missing ${field}`);
    }),
    fc
      .string({ minLength: 1 })
      .filter((k) => !['turn', 'kind', 'data', '__proto__'].includes(k))
      .map((extra) => g({ type: 'host.logged', data: { ...valid.data, [extra]: 1 } }, 'an unknown field')),
    fc
      .anything()
      .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
      .map((data) => g({ type: 'host.logged', data }, 'data not an object')),
    fc
      .string({ minLength: 1 })
      .filter((k) => !['type', 'data', 'game', '__proto__'].includes(k))
      .map((extra) => g({ ...valid, [extra]: 1 }, 'a member no command has')),
    fc.constantFrom('another-game', 'g2').map((game) => g({ ...valid, game }, 'a command naming another game')),
    fc
      .constantFrom(
        { year: 1941.5, season: 'spring' },
        { year: 1941, season: 'monsoon' },
        { year: '1941', season: 'spring' },
        null,
      )
      .map((turn) =>
        g({ type: 'host.city-firestormed', data: { turn, country: 'britain', city: 'Coventry' } }, 'a malformed turn'),
      ),
    fc.constant(
      g(
        { type: 'war.declared', data: { turn: sp42, aggressor: 'us', targets: ['germany', 'germany'], usatLevel: 60 } },
        'a power named twice',
      ),
    ),
  );
})();

for (const backend of backends) {
  describe(`SurrenderEngine over the ${backend.name}`, () => {
    it('a refused command appends nothing: the log is byte for byte unchanged and the state is the same', async () => {
      const { store, bytes } = await backend.create();
      const engine = await SurrenderEngine.open(store);
      await playInto(engine, script());
      const before = await bytes();
      const version = engine.version;
      const state = JSON.stringify(engine.view(GAME)?.world);
      await fc.assert(
        fc.asyncProperty(illegal, async ({ game, origin, why }) => {
          const result = await engine.execute(game, origin as OriginEvent);
          expect(result.ok, why).toBe(false);
          expect(await bytes()).toBe(before);
          expect(engine.version).toBe(version);
          expect(await store.version()).toBe(version);
          expect(JSON.stringify(engine.view(GAME)?.world)).toBe(state);
        }),
        { numRuns: 150 },
      );
      await engine.close();
    });

    it('refusals carry the code and the rule, never an exception', async () => {
      const { store } = await backend.create();
      const engine = await SurrenderEngine.open(store);
      await playInto(engine, script());
      const refuse = async (game: unknown, origin: unknown) => {
        const result = await engine.execute(game as string, origin as OriginEvent);
        return result.ok ? null : [result.rejection.code, result.rejection.rule, result.rejection.message];
      };
      expect(await refuse(GAME, { type: 'britain.offer-accepted', data: { turn: sp42 } })).toEqual([
        'not-pending',
        '59.12',
        'Britain has made no surrender offer',
      ]);
      expect(await refuse(GAME, { type: 'host.logged', data: { turn: su41, kind: 'x', data: {} } })).toEqual([
        'out-of-sequence',
        'sequence',
        'Summer 1941 is before the current turn, Spring 1942',
      ]);
      expect(await refuse('other', { type: 'host.logged', data: { turn: su41, kind: 'x', data: {} } })).toEqual([
        'no-game',
        'sequence',
        'no host.game-started event for this game yet',
      ]);
      expect(await refuse('no good', { type: 'host.logged', data: { turn: su41, kind: 'x', data: {} } })).toEqual([
        'malformed',
        'schema',
        'game: expected a string matching ^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$',
      ]);
      expect(await refuse(GAME, null)).toEqual(['malformed', 'schema', '$: expected an event object { type, data }']);
      expect(await refuse(GAME, { data: {} })).toEqual(['malformed', 'schema', 'type: expected a string']);
      expect(await refuse(GAME, { type: 'host.logged', data: { turn: sp42, kind: 'x' } })).toEqual([
        'malformed',
        'schema',
        'data.data: missing required field (expected an object)',
      ]);
      expect(await refuse(GAME, { type: 'britain.surrendered', data: {} })).toEqual([
        'malformed',
        'schema',
        '"britain.surrendered" is not a host report or a player decision',
      ]);
      // A mistyped type is refused naming the host report or player decision it is nearest to.
      expect(await refuse(GAME, { type: 'host.loged', data: {} })).toEqual([
        'malformed',
        'schema',
        '"host.loged" is not a host report or a player decision: did you mean "host.logged"?',
      ]);
      expect(await refuse(GAME, { type: 'host.nonsense', data: {} })).toEqual([
        'malformed',
        'schema',
        '"host.nonsense" is not a host report or a player decision',
      ]);
      await engine.close();
    });

    it('59.23, 59.513A, 59.631, 59.62: pending(), wars() and permissions() along the sea-lion example', async () => {
      const { store } = await backend.create();
      const engine = await SurrenderEngine.open(store);
      const events = script();
      await playInto(engine, events.slice(0, OFFER_TURN_END + 1));
      expect(engine.pending(GAME)).toEqual([
        {
          decision: 'respond-to-british-offer',
          by: 'germany',
          rule: '59.23',
          commands: ['britain.offer-accepted', 'britain.offer-rejected'],
          turn: { season: 'summer', year: 1941 },
          resistanceLevel: -4,
          surrenderLevel: -4,
          previousSurrenderLevel: null,
          forced: false,
          choices: {
            answers: [
              {
                rule: '59.41',
                allowed: true,
                refusedBy: null,
                command: { type: 'britain.offer-accepted', data: { turn: { season: 'summer', year: 1941 } } },
              },
              {
                rule: '59.31',
                allowed: true,
                refusedBy: null,
                command: { type: 'britain.offer-rejected', data: { turn: { season: 'summer', year: 1941 } } },
              },
            ],
          },
        },
      ]);
      // Germany and Italy declared war on Russia during Summer 1941.
      expect(engine.wars(GAME)).toEqual([
        { axis: 'germany', allied: 'britain' },
        { axis: 'germany', allied: 'russia' },
        { axis: 'italy', allied: 'britain' },
        { axis: 'italy', allied: 'russia' },
      ]);
      expect(engine.permissions(GAME).map((p) => [p.rule, p.allowed])).toEqual([
        ['59.52', false],
        ['59.82', false],
        ['59.88', false],
      ]);

      await playInto(engine, [events[OFFER_TURN_END + 1] as OriginEvent]); // Germany accepts
      const summer41 = { season: 'summer', year: 1941 };
      expect(engine.pending(GAME)).toEqual([
        {
          decision: 'report-british-force-pool',
          by: 'host',
          rule: '59.513',
          commands: ['host.british-force-pool'],
          turn: summer41,
          surrenderLevel: -4,
          previousSurrenderLevel: null,
          required: { aafFactors: 8, groundNasBrps: 16, navalFactors: 40 },
          choices: expect.objectContaining({
            command: 'host.british-force-pool',
            schema: 'command/host.british-force-pool',
            turn: summer41,
          }),
        },
        {
          decision: 'report-british-hex-control',
          by: 'host',
          rule: '59.631',
          commands: ['host.british-hex-control'],
          turn: summer41,
          surrenderLevel: -4,
          choices: expect.objectContaining({
            command: 'host.british-hex-control',
            schema: 'command/host.british-hex-control',
            turn: summer41,
          }),
        },
      ]);
      // 59.62: peace takes Britain out of the war with Germany and Italy at once.
      expect(engine.wars(GAME)).toEqual([
        { axis: 'germany', allied: 'russia' },
        { axis: 'italy', allied: 'russia' },
      ]);
      expect(engine.permissions(GAME).map((p) => [p.rule, p.permission, p.allowed])).toEqual([
        ['59.52', 'lend-commonwealth-units-to-us', false],
        ['59.82A', 'build-british-units-in-canada', true],
        ['59.83', 'british-forces-neutral', false],
        ['59.84', 'neutral-britain-deploys-to-europe', false],
        ['59.86A', 'germany-us-declaration-of-war', false],
        ['59.88', 'build-british-partisans', false],
      ]);

      await playInto(engine, events.slice(OFFER_TURN_END + 2));
      expect(engine.pending(GAME)).toEqual([]);
      expect(engine.permissions(GAME).map((p) => [p.rule, p.allowed])).toEqual([
        ['59.52', true],
        ['59.82A', false],
        ['59.83', true],
        ['59.84', true],
        ['59.86A', true],
        ['59.88', false],
      ]);
      // A game this engine does not know is a typed error, never an empty answer.
      for (const query of [
        () => engine.pending('no-such-game'),
        () => engine.wars('no-such-game'),
        () => engine.permissions('no-such-game'),
      ]) {
        expect(query).toThrow(UnknownGameError);
        expect(query).toThrow(
          expect.objectContaining({
            code: 'no-game',
            game: 'no-such-game',
            message: 'no such game: "no-such-game" (no host.game-started event for it in this log)',
          }),
        );
      }
      expect([engine.view('no-such-game'), engine.games()]).toEqual([undefined, [GAME]]);
      await engine.close();
    });

    describe('two engines on one log', () => {
      /** Both engines opened on the log as it stands just before the Summer 1941 game turn end. */
      async function twoEngines() {
        const { store, second, bytes } = await backend.create();
        const first = await SurrenderEngine.open(store);
        await playInto(first, script().slice(0, OFFER_TURN_END));
        const other = await SurrenderEngine.open(await second());
        expect(other.version).toBe(first.version);
        return { first, other, bytes };
      }

      it('59.23: an answer to an offer the other engine appended is decided against the caught-up log', async () => {
        const { first, other, bytes } = await twoEngines();
        const ended = await first.execute(GAME, script()[OFFER_TURN_END] as OriginEvent);
        expect(ended.ok && ended.events.map((e) => e.type)).toEqual([
          'host.game-turn-ended',
          'britain.resistance-determined',
          'britain.surrender-offered',
        ]);
        // `other` has not read the offer: it must read it before it refuses the acceptance.
        const accepted = await other.execute(GAME, { type: 'britain.offer-accepted', data: { turn: su41 } });
        expect(accepted.ok && accepted.events.map((e) => [e.seq, e.type])).toEqual([
          [first.version + 1, 'britain.offer-accepted'],
          [first.version + 2, 'britain.surrendered'],
        ]);
        expect(other.pending(GAME).map((p) => p.decision)).toEqual([
          'report-british-force-pool',
          'report-british-hex-control',
        ]);
        // `first` still sees the offer open: its rejection is legal there, fails on the version, and once
        // caught up is refused because the offer was accepted; nothing is appended.
        const before = await bytes();
        const rejected = await first.execute(GAME, { type: 'britain.offer-rejected', data: { turn: su41 } });
        expect(rejected.ok === false && [rejected.rejection.code, rejected.rejection.rule]).toEqual([
          'not-pending',
          '59.41',
        ]);
        expect(await bytes()).toBe(before);
        expect(first.version).toBe(other.version);
        expect(first.pending(GAME)).toEqual(other.pending(GAME));
        await Promise.all([first.close(), other.close()]);
      });

      it("a command legal either way is appended after the other engine's events (caught up from stale)", async () => {
        const { first, other, bytes } = await twoEngines();
        const note = (n: number): OriginEvent => ({
          type: 'host.logged',
          data: { turn: su41, kind: 'note', data: { n } },
        });
        const a = await first.execute(GAME, note(1));
        const b = await other.execute(GAME, note(2));
        expect(a.ok && a.events.map((e) => e.seq)).toEqual([first.version]);
        expect(b.ok && b.events.map((e) => e.seq)).toEqual([first.version + 1]);
        await first.catchUp();
        expect(first.version).toBe(other.version);
        // The log replays whole, every rule decision re-derived.
        const replayer = new Replayer({ checkDecisions: true });
        const lines = (await bytes()).trimEnd().split('\n').slice(1);
        replayer.applyAll(lines.map((l) => JSON.parse(l) as StoredEvent));
        expect(replayer.finish()).toEqual([]);
        expect(lines.slice(-2).map((l) => (JSON.parse(l) as { data: { data: { n: number } } }).data.data.n)).toEqual([
          1, 2,
        ]);
        await Promise.all([first.close(), other.close()]);
      });
    });
  });
}
