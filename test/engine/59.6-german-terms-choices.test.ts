// 59.23, 59.65-59.75, 59.66G: the choices of Germany's decisions, with the exact values of the bundled example games
// (src/examples/sea-lion-1941.ts and src/examples/conciliation-and-second-surrender.ts) at their terms.
import { beforeFirst } from '../support/example-views.js';
import { decisionOf } from '../support/pending-of.js';
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import type { GermanTermsChoices } from '../../src/engine/choices/german-terms.js';
import { offerAnswerChoices } from '../../src/engine/choices/offer-answer.js';
import { describePending } from '../../src/engine/pending-text.js';
import { conciliationAndSecondSurrender } from '../../src/examples/conciliation-and-second-surrender.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import type { GameScript } from '../../src/examples/script.js';
import { play, replay } from '../support/given.js';
import { turn } from '../support/fixtures.js';

const su41 = turn('summer', 1941);

/** The example played up to its terms, and the terms command it sends. */
function atTerms(script: GameScript) {
  const { view, command: sent } = beforeFirst(script, 'britain.terms-demanded');
  const choices = (tried?: OriginEvent): GermanTermsChoices => decisionOf(view, 'state-german-terms', tried).choices;
  return { choices, sent };
}

const tryTerms = (
  demand: Partial<Extract<OriginEvent, { type: 'britain.terms-demanded' }>['data']['demand']>,
  toItaly: string[] = [],
): OriginEvent => ({
  type: 'britain.terms-demanded',
  data: { turn: su41, demand: { take: [], minors: [], indemnityBrps: 0, return: [], ...demand }, toItaly },
});

const takeRefusals = (c: GermanTermsChoices) =>
  Object.fromEntries(
    c.territories.map((t) => [
      t.key,
      t.take.allowed
        ? 'allowed'
        : t.take.refusedBy === null
          ? 'demanded'
          : `${t.take.refusedBy.rule} ${t.take.refusedBy.code}`,
    ]),
  );

describe('59.23: the answers to a British offer', () => {
  it('59.23: an offer above -10 may be accepted or rejected, each with its command and data', () => {
    expect(offerAnswerChoices(su41, false)).toEqual({
      answers: [
        {
          rule: '59.41',
          allowed: true,
          refusedBy: null,
          command: { type: 'britain.offer-accepted', data: { turn: su41 } },
        },
        {
          rule: '59.31',
          allowed: true,
          refusedBy: null,
          command: { type: 'britain.offer-rejected', data: { turn: su41 } },
        },
      ],
    });
  });

  it('59.23: a forced offer (-10 or lower) lists its rejection, refused by 59.23', () => {
    expect(offerAnswerChoices(su41, true)).toEqual({
      answers: [
        {
          rule: '59.41',
          allowed: true,
          refusedBy: null,
          command: { type: 'britain.offer-accepted', data: { turn: su41 } },
        },
        {
          rule: '59.31',
          allowed: false,
          refusedBy: '59.23',
          command: { type: 'britain.offer-rejected', data: { turn: su41 } },
        },
      ],
    });
  });
});

describe('59.65-59.75: the terms of sea-lion-1941 (level -4: 8 points)', () => {
  const { choices, sent } = atTerms(seaLion1941());

  it('59.65, 59.71: with nothing demanded, 8 points to spend, and the empty demand is complete', () => {
    const c = choices();
    expect([c.pointsAvailable, c.cap, c.pointsUsed, c.pointsLeft, c.complete, c.violations]).toEqual([
      8,
      8,
      0,
      8,
      true,
      [],
    ]);
  });

  it(
    '59.66: Persia (priority 2, British, 5 BRPs) must be conceded ' +
      'before any British territory; priority 1 is Axis or independent',
    () => {
      const c = choices();
      expect(takeRefusals(c)).toEqual({
        'lebanon-syria': '59.66 independent',
        tunisia: '59.66 independent',
        algeria: '59.66 independent',
        morocco: '59.66 independent',
        libya: '59.66 already-axis',
        albania: '59.66 already-axis',
        malta: '59.66 lower-priority-first',
        palestine: '59.66 lower-priority-first',
        transjordan: '59.66 lower-priority-first',
        egypt: '59.66 lower-priority-first',
        iraq: '59.66 lower-priority-first',
        gibraltar: '59.66 lower-priority-first',
        ulster: '59.66 lower-priority-first',
        ireland: '59.66 independent',
        'scapa-flow': '59.66 lower-priority-first',
        scotland: '59.66 lower-priority-first',
        'central-england': '59.66 lower-priority-first',
        'southern-england': '59.66 lower-priority-first',
      });
      expect(c.territories.find((t) => t.key === 'malta')?.take.requires).toEqual([
        { kind: 'minor', name: 'persia', priority: 2 },
      ]);
      expect(c.territories.find((t) => t.key === 'egypt')?.take.requires.map((r) => r.name)).toEqual([
        'malta',
        'palestine',
        'transjordan',
        'persia',
      ]);
    },
  );

  it(
    '59.65 priority 2, 59.66E: Persia may be neutralized (1 ' +
      'point) or pass to the Axis (2); Axis-held Greece may not change',
    () => {
      expect(choices().minors).toEqual([
        {
          name: 'persia',
          brps: 5,
          status: 'british',
          demanded: null,
          neutral: { value: 1, allowed: true, refusedBy: null },
          axis: { value: 2, allowed: true, refusedBy: null },
        },
        {
          name: 'greece',
          brps: 5,
          status: 'axis',
          demanded: null,
          neutral: { value: 1, allowed: false, refusedBy: { rule: '59.66E', code: 'minor-not-british' } },
          axis: { value: 2, allowed: false, refusedBy: { rule: '59.66E', code: 'minor-not-british' } },
        },
      ]);
    },
  );

  it('59.67: every indemnity step fits the 8 points', () => {
    expect(choices().indemnity).toEqual({
      current: 0,
      steps: [
        { brps: 0, value: 0, allowed: true, refusedBy: null },
        { brps: 10, value: 1, allowed: true, refusedBy: null },
        { brps: 20, value: 2, allowed: true, refusedBy: null },
        { brps: 30, value: 3, allowed: true, refusedBy: null },
      ],
    });
  });

  it(
    '59.7, 59.73D: London is Axis, so the disputed southern England is the one returnable territory; nothing ' +
      'taken forgoes 8 points (59.75)',
    () => {
      const c = choices();
      expect(c.conciliation).toEqual({
        rule: '59.7',
        returnable: ['southern-england'],
        returnAllowedNow: true,
        forbidsTaking: '59.73G',
        pointsNotTaken: 8,
        pointsReturned: 0,
        resistanceModifier: -4,
        usatChange: -16,
      });
      expect(c.territories.find((t) => t.key === 'southern-england')?.return).toEqual({ allowed: true, refusedBy: [] });
      expect(c.territories.find((t) => t.key === 'scotland')?.return.refusedBy).toEqual([
        { rule: '59.72', code: 'not-axis-controlled' },
        { rule: '59.73F', code: 'scotland-not-all-axis' },
      ]);
    },
  );

  it(
    '59.66B, 59.66C, 59.66F, 59.66H, 59.65: what ceding does, ' +
      'as codes; 59.66G: the Mediterranean front may pass to Italy',
    () => {
      const c = choices();
      const egypt = c.territories.find((t) => t.key === 'egypt');
      expect(egypt?.effects).toEqual([
        { rule: '59.66B', code: 'russian-units-relocated' },
        { rule: '59.66C', code: 'british-units-relocated' },
        { rule: '59.66F', code: 'wafdists-remain' },
        { rule: '59.66H', code: 'usat-as-conquest' },
      ]);
      expect(c.territories.find((t) => t.key === 'ulster')?.effects.map((e) => e.code)).toContain(
        'ulster-joins-ireland',
      );
      expect(c.territories.filter((t) => t.mayPassToItaly).map((t) => t.key)).toEqual([
        'lebanon-syria',
        'tunisia',
        'algeria',
        'morocco',
        'libya',
        'albania',
        'malta',
        'palestine',
        'transjordan',
        'egypt',
        'iraq',
        'gibraltar',
      ]);
    },
  );

  it(
    "59.68: the example's terms use all 8 points: complete, nothing more may be taken, Palestine and Transjordan " +
      'may still pass to Italy',
    () => {
      const c = choices(sent);
      expect([c.pointsUsed, c.pointsLeft, c.complete]).toEqual([8, 0, true]);
      expect(c.territories.filter((t) => t.demanded === 'take').map((t) => t.key)).toEqual([
        'malta',
        'palestine',
        'transjordan',
      ]);
      expect(c.territories.find((t) => t.key === 'egypt')?.take).toEqual({
        allowed: false,
        refusedBy: { rule: '59.68', code: 'over-points' },
        requires: [],
      });
      expect(c.minors[0]).toMatchObject({
        demanded: 'axis',
        neutral: { value: 1, allowed: true },
        axis: { value: 2, allowed: false, refusedBy: null },
      });
      expect(c.toItaly).toEqual([
        { key: 'malta', chosen: true, allowed: false, refusedBy: null },
        { key: 'palestine', chosen: false, allowed: true, refusedBy: null },
        { key: 'transjordan', chosen: false, allowed: true, refusedBy: null },
      ]);
      // 59.73G: with territory taken, nothing may be returned now.
      expect(c.conciliation.returnAllowedNow).toBe(false);
      expect(c.territories.find((t) => t.key === 'southern-england')?.return.refusedBy).toEqual([
        { rule: '59.73G', code: 'returning-forbids-taking' },
        { rule: '59.73G', code: 'returning-forbids-minor-to-axis' },
      ]);
    },
  );

  it('59.66: Malta without Persia is not complete: the tried demand shows why, and Persia is still allowed', () => {
    const c = choices(tryTerms({ take: ['malta'] }));
    expect([c.pointsUsed, c.pointsLeft, c.complete, c.violations]).toEqual([
      1,
      7,
      false,
      [{ rule: '59.66', code: 'lower-priority-first' }],
    ]);
    expect(c.minors[0]?.axis.allowed).toBe(true);
  });

  it('59.73G: once southern England is returned, no territory may be taken and Persia may only be neutralized', () => {
    const c = choices(tryTerms({ return: ['southern-england'] }));
    expect([c.complete, c.conciliation.pointsReturned]).toEqual([true, 6]);
    expect(c.minors[0]?.neutral.allowed).toBe(true);
    expect(c.minors[0]?.axis.refusedBy).toEqual({ rule: '59.73G', code: 'returning-forbids-minor-to-axis' });
    // With Persia neutralized, 59.66 no longer stands before Malta: 59.73G does.
    const neutral = choices(tryTerms({ return: ['southern-england'], minors: [{ name: 'persia', to: 'neutral' }] }));
    expect(neutral.complete).toBe(true);
    expect(neutral.territories.find((t) => t.key === 'malta')?.take.refusedBy).toEqual({
      rule: '59.73G',
      code: 'returning-forbids-taking',
    });
  });

  it(
    '59.73A: tried terms naming an unknown territory or one ' +
      'twice are never complete, and their choices stand on what is known',
    () => {
      const c = choices(tryTerms({ take: ['atlantis', 'malta', 'malta'] }, ['malta', 'malta']));
      expect([c.complete, c.pointsUsed]).toEqual([false, 1]);
      expect(c.territories.filter((t) => t.demanded === 'take').map((t) => t.key)).toEqual(['malta']);
      expect(c.toItaly).toEqual([{ key: 'malta', chosen: true, allowed: false, refusedBy: null }]);
    },
  );

  it('59.66: a command of another turn is not the tried one: the choices stand against an empty demand', () => {
    const other: OriginEvent = {
      type: 'britain.terms-demanded',
      data: {
        turn: turn('fall', 1941),
        demand: { take: ['malta'], minors: [], indemnityBrps: 0, return: [] },
        toItaly: [],
      },
    };
    expect(choices(other)).toEqual(choices());
  });
});

describe('59.72: the terms of conciliation-and-second-surrender (level -3: 6 points, Egypt Axis-held)', () => {
  const { choices, sent } = atTerms(conciliationAndSecondSurrender());

  it(
    '59.66: with priority 1 and 2 empty of British items, Malta, ' +
      'Palestine and Transjordan may be taken; Egypt may be returned',
    () => {
      const c = choices();
      expect(c.territories.filter((t) => t.take.allowed).map((t) => t.key)).toEqual([
        'malta',
        'palestine',
        'transjordan',
      ]);
      expect(c.conciliation).toEqual({
        rule: '59.7',
        returnable: ['egypt'],
        returnAllowedNow: true,
        forbidsTaking: '59.73G',
        pointsNotTaken: 6,
        pointsReturned: 0,
        resistanceModifier: -3,
        usatChange: -12,
      });
    },
  );

  it(
    "59.75: the example's return of Egypt with a 10 BRP indemnity: 5 points not taken and 2 returned, -3 " +
      'resistance, -14 USAT',
    () => {
      const c = choices(sent);
      expect([c.complete, c.pointsUsed, c.pointsLeft]).toEqual([true, 1, 5]);
      expect(c.conciliation).toEqual({
        rule: '59.7',
        returnable: ['egypt'],
        returnAllowedNow: false,
        forbidsTaking: '59.73G',
        pointsNotTaken: 5,
        pointsReturned: 2,
        resistanceModifier: -3,
        usatChange: -14,
      });
      expect(c.territories.find((t) => t.key === 'malta')?.take.refusedBy).toEqual({
        rule: '59.73G',
        code: 'returning-forbids-taking',
      });
    },
  );
});

describe('59.68: the words of the terms tried', () => {
  const { sent } = atTerms(seaLion1941());
  const script = seaLion1941();
  const i = script.events.findIndex((e) => e.type === 'britain.terms-demanded');
  const view = replay(play(script.events.slice(0, i), script.game), script.game).view(script.game);
  const words = (tried?: OriginEvent) => {
    const p = view && pendingDecisions(view, tried).find((d) => d.decision === 'state-german-terms');
    return p === undefined ? '' : describePending(p);
  };

  it('59.68: the points the tried terms use and what is left', () => {
    expect(words(sent)).toBe(
      'Germany must state its terms: up to 8 concession points of territory, minor countries and indemnity, or ' +
        'return territory (59.65-59.73); the terms tried use 8 points, 0 left (59.68)',
    );
  });

  it('59.66: tried terms that are refused name the rules that refuse them', () => {
    expect(words(tryTerms({ take: ['malta'] }))).toBe(
      'Germany must state its terms: up to 8 concession points of territory, ' +
        'minor countries and indemnity, or return territory (59.65-59.73); the ' +
        'terms tried use 1 point, 7 left (59.68); the terms tried are refused by 59.66',
    );
  });
});
