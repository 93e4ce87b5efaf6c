// Corrections through the host API (docs/corrections.md), on the bundled game "rejected-then-forced-1943": Britain
// offers at -3 in Fall 1942 (59.12), Germany rejects; two atomic attacks in Spring 1943 force an acceptance at -10
// (59.23, 59.41). Seqs below are those of that game's log: 61 the Fall 1942 host.game-turn-ended, 62-63 its
// resistance (59.2) and offer (59.12), 64 the rejection, 108 the first atomic attack on Britain, 162 the last event.
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventData, StoredEvent } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { projection } from '../../src/engine/evolve.js';
import { Replayer } from '../../src/engine/replay.js';
import { exampleGames } from '../../src/examples/games.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { MemoryEventStore } from '../../src/store/memory.js';

const GAME = 'g';
const script = exampleGames['rejected-then-forced-1943']?.().events ?? [];

async function played(commands: readonly OriginEvent[] = script) {
  const store = new MemoryEventStore();
  const engine = await SurrenderEngine.open(store);
  for (const command of commands) {
    const result = await engine.execute(GAME, command);
    if (!result.ok) throw new Error(result.rejection.message);
  }
  const events: StoredEvent[] = [];
  for await (const batch of store.read({ from: 1 })) events.push(...batch);
  return { store, engine, at: (seq: number) => events.find((e) => e.seq === seq) as StoredEvent };
}

const corrected = (seq: number, report: unknown): OriginEvent =>
  ({ type: 'host.report-corrected', data: { seq, report } }) as OriginEvent;

/** The log replayed from scratch, with every decision re-derived: its state and what did not match. */
async function replayed(store: MemoryEventStore): Promise<{ state: unknown; mismatches: readonly unknown[] }> {
  const replayer = new Replayer();
  for await (const batch of store.read({ from: 1 })) replayer.applyAll(batch);
  return { mismatches: replayer.finish(), state: replayer.projection()[GAME] };
}

describe('correction of a host report', () => {
  it('correction: Fall 1942 at British DP level 5, not -2: no offer (59.12), the rejection set aside', async () => {
    const { engine, store, at } = await played();
    const report = at(61) as StoredEvent & { type: 'host.game-turn-ended' };
    const result = await engine.execute(
      GAME,
      corrected(61, {
        type: report.type,
        data: { ...report.data, britain: { ...report.data.britain, britishDpLevel: 5 } },
      }),
    );
    if (!result.ok) throw new Error(result.rejection.message);
    expect(result.events.map((e) => [e.seq, e.type])).toEqual([
      [163, 'host.report-corrected'],
      [164, 'game.redecided'],
      [165, 'britain.resistance-determined'],
    ]);
    expect(result.events[1]?.data).toEqual({
      of: 61,
      superseded: [62, 63],
      setAside: [{ seq: 64, type: 'britain.offer-rejected', rule: '59.12', code: 'not-pending' }],
      decisions: [{ after: 163, count: 1 }],
    });
    const resistance = result.events[2]?.data as EventData<'britain.resistance-determined'>;
    // 59.21: the DP level counts one for one, so -3 at level -2 becomes 4 at level 5 (above the offer's -1, 59.12).
    expect([resistance.turn, resistance.level]).toEqual([{ season: 'fall', year: 1942 }, 4]);
    expect(engine.pending(GAME)).toEqual([]);
    const replay = await replayed(store);
    expect(replay.mismatches).toEqual([]);
    expect(replay.state).toEqual(projection(engine.view(GAME) as NonNullable<ReturnType<typeof engine.view>>));
  });

  it('correction: an atomic attack taken out: resistance -10, not -12; the same forced surrender (59.23)', async () => {
    const { engine, store } = await played();
    const result = await engine.execute(GAME, corrected(108, null));
    if (!result.ok) throw new Error(result.rejection.message);
    expect(result.events[1]?.data).toEqual({
      of: 108,
      superseded: [127, 128, 129, 162],
      setAside: [],
      decisions: [
        { after: 126, count: 3 },
        { after: 161, count: 1 },
      ],
    });
    const offer = result.events[3]?.data as EventData<'britain.surrender-offered'>;
    expect([offer.resistanceLevel, offer.surrenderLevel, offer.germanyMustAccept]).toEqual([-10, -10, true]);
    expect((await replayed(store)).mismatches).toEqual([]);
  });

  it('correction: a report taken out is gone; the report a correction gave is corrected at its seq', async () => {
    const { engine, store } = await played();
    const first = await engine.execute(GAME, corrected(108, null));
    expect(first.ok).toBe(true);
    const again = await engine.execute(GAME, corrected(108, null));
    expect(again.ok ? null : again.rejection.message).toBe(
      'data.seq: event 108 is no longer part of the game: the correction at event 163 took it out',
    );
    const attack = (hex: string) => ({
      type: 'host.atomic-attack',
      data: { turn: { year: 1943, season: 'spring' }, country: 'britain', hex },
    });
    const noReport = await engine.execute(GAME, corrected(163, attack('L24')));
    expect(noReport.ok ? null : noReport.rejection.message).toBe(
      'data.seq: event 163 is the correction that took event 108 out of the game: it holds no report to correct',
    );
    // The second attack, on I23, moved to K25: the report the correction gives stands at the correction's seq.
    const moved = await engine.execute(GAME, corrected(109, attack('K25')));
    expect(moved.ok && moved.events[0]?.seq).toBe(169);
    const back = await engine.execute(GAME, corrected(169, attack('I23')));
    expect(back.ok && back.events[1]?.data).toEqual({ of: 169, superseded: [], setAside: [], decisions: [] });
    expect((await replayed(store)).mismatches).toEqual([]);
  });
});

describe('a player takes back its last decision', () => {
  it('correction: Germany takes back its rejection: the Fall 1942 offer awaits its answer again (59.23)', async () => {
    // The game up to the rejection (seq 64) and the routine events after it.
    const { engine, store } = await played(script.slice(0, 64));
    expect(engine.version).toBe(71);
    const result = await engine.execute(GAME, { type: 'game.decision-withdrawn', data: { seq: 64 } } as OriginEvent);
    if (!result.ok) throw new Error(result.rejection.message);
    expect(result.events.map((e) => [e.seq, e.type, e.data])).toEqual([
      [72, 'game.decision-withdrawn', { seq: 64 }],
      [73, 'game.redecided', { of: 64, superseded: [], setAside: [], decisions: [] }],
    ]);
    expect(engine.pending(GAME).map((p) => [p.decision, p.by, p.rule])).toEqual([
      ['respond-to-british-offer', 'germany', '59.23'],
    ]);
    expect((await replayed(store)).mismatches).toEqual([]);
  });
});

describe('refusals: nothing is appended', () => {
  let engine: SurrenderEngine;
  let at: (seq: number) => StoredEvent;
  beforeEach(async () => {
    ({ engine, at } = await played());
  });
  const refusal = async (command: OriginEvent): Promise<unknown> => {
    const result = await engine.execute(GAME, command);
    expect(engine.version).toBe(162);
    return result.ok ? null : result.rejection;
  };
  const illegal = (message: string) => ({ code: 'illegal', rule: 'correction', message });

  it('correction: of a seq the log does not hold yet', async () => {
    expect(await refusal(corrected(500, null))).toEqual(
      illegal('data.seq: there is no event 500 yet (the log is at 162)'),
    );
  });
  it('correction: of a rule decision (59.2), which follows from its report', async () => {
    expect(await refusal(corrected(62, null))).toEqual(
      illegal(
        'data.seq: event 62 is a rule decision that follows from event 61 (host.game-turn-ended): ' +
          'correct that report, ' +
          'and the decisions are made again',
      ),
    );
  });
  it('correction: of a host.logged, which no rule reads', async () => {
    expect(await refusal(corrected(2, null))).toEqual(
      illegal(
        'data.seq: event 2 is no command of game g that a rule reads ' +
          "(a host.logged, another game's event, or a record " +
          'of the log)',
      ),
    );
  });
  it("correction: of a player's decision by the host", async () => {
    expect(await refusal(corrected(64, null))).toEqual(
      illegal(
        "data.seq: event 64 (britain.offer-rejected) is a player's decision, not a host report: " +
          'only its player takes ' +
          'it back (game.decision-withdrawn), while nothing has been decided after it',
      ),
    );
  });
  it('correction: the same report again would change nothing', async () => {
    expect(await refusal(corrected(61, { type: at(61).type, data: at(61).data }))).toEqual(
      illegal(
        'data.report: it is the report event 61 (host.game-turn-ended) already holds: ' +
          'the correction would change nothing',
      ),
    );
  });
  it("correction: the game's start taken out, or replaced by another kind of report", async () => {
    expect(await refusal(corrected(1, null))).toEqual(
      illegal(
        'data.report: event 1 (host.game-started) starts the game: ' +
          'it can be corrected by another host.game-started, not taken out',
      ),
    );
    expect(await refusal(corrected(1, { type: at(61).type, data: at(61).data }))).toEqual(
      illegal('data.report: event 1 (host.game-started) can be corrected only by another host.game-started'),
    );
    expect(await refusal(corrected(61, { type: at(1).type, data: at(1).data }))).toEqual(
      illegal(
        'data.report: event 61 (host.game-turn-ended) can be corrected only by a report other than host.game-started',
      ),
    );
  });
  it('correction: a report that breaks its schema is refused at its JSON path', async () => {
    const report = at(61) as StoredEvent & { type: 'host.game-turn-ended' };
    const data = { ...report.data, britain: { ...report.data.britain, usatLevel: -1 } };
    expect(await refusal(corrected(61, { type: report.type, data }))).toEqual({
      code: 'malformed',
      rule: 'schema',
      message: 'data.report.data.britain.usatLevel: expected a non-negative integer',
    });
    expect(await refusal(corrected(61, { type: 'host.logged', data: at(2).data }))).toEqual({
      code: 'malformed',
      rule: 'schema',
      message: 'data.report.type: unknown type "host.logged"',
    });
  });
  it('correction: a report the rules refuse where it would stand (sequence)', async () => {
    const report = at(61) as StoredEvent & { type: 'host.game-turn-ended' };
    const rejection = await refusal(
      corrected(61, { type: report.type, data: { ...report.data, turn: { year: 1942, season: 'summer' } } }),
    );
    expect(rejection).toEqual({
      code: 'out-of-sequence',
      rule: 'sequence',
      message:
        'data.report: the corrected report is refused where it would stand: ' +
        'Summer 1942 is before the current turn, Fall 1942',
    });
  });
  it('correction: a decision taken back after another, or a host report taken back as a decision', async () => {
    const withdrawn = (seq: number) => ({ type: 'game.decision-withdrawn', data: { seq } }) as OriginEvent;
    expect(await refusal(withdrawn(64))).toEqual(
      illegal(
        'data.seq: event 64 (britain.offer-rejected) can no longer be taken back: event 90 ' +
          '(host.allied-player-turn-ended) was decided after it',
      ),
    );
    expect(await refusal(withdrawn(61))).toEqual(
      illegal(
        'data.seq: event 61 (host.game-turn-ended) is a host report: the host corrects it (host.report-corrected)',
      ),
    );
  });
});

describe('a correction names the command by the id the host gave it', () => {
  it('correction: the Fall 1942 report named by its command id; both or neither names are malformed', async () => {
    const store = new MemoryEventStore();
    const engine = await SurrenderEngine.open(store);
    for (const [i, command] of script.entries())
      expect((await engine.execute(GAME, command, { commandId: `c${i}` })).ok).toBe(true);
    const index = script.findIndex(
      (c) => c.type === 'host.game-turn-ended' && c.data.turn.season === 'fall' && c.data.turn.year === 1942,
    );
    const report = script[index] as OriginEvent & { type: 'host.game-turn-ended' };
    const corrected = {
      type: report.type,
      data: { ...report.data, britain: { ...report.data.britain, britishDpLevel: 5 } },
    };
    const named = (data: object) =>
      ({ type: 'host.report-corrected', data: { ...data, report: corrected } }) as OriginEvent;
    const refusal = async (data: object) => {
      const result = await engine.execute(GAME, named(data));
      return result.ok ? null : result.rejection;
    };
    expect(await refusal({ seq: 61, commandId: `c${index}` })).toEqual({
      code: 'malformed',
      rule: 'schema',
      message: 'data: name the command by seq or by commandId, not both',
    });
    expect(await refusal({})).toEqual({
      code: 'malformed',
      rule: 'schema',
      message: 'data: name the command by seq or by commandId',
    });
    expect(await refusal({ commandId: 'nowhere' })).toEqual({
      code: 'illegal',
      rule: 'correction',
      message: 'data.commandId: no command of game g has the id "nowhere"',
    });
    expect(engine.version).toBe(162);
    const result = await engine.execute(GAME, named({ commandId: `c${index}` }));
    expect(result.ok && result.events[1]?.data).toEqual({
      of: 61,
      superseded: [62, 63],
      setAside: [{ seq: 64, type: 'britain.offer-rejected', rule: '59.12', code: 'not-pending' }],
      decisions: [{ after: 163, count: 1 }],
    });
    expect((await replayed(store)).mismatches).toEqual([]);
  });
});
