// 59.892A in the engine: when Japan adheres to the treaty, hex control in the Far East is determined by
// 59.63; the engine asks the host for it as a pending decision and settles the Far East from the answer.
import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventData } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { warList } from '../../src/engine/wars.js';
import { turn } from '../support/fixtures.js';
import { given, play, stored, viewAfter } from '../support/given.js';
import { Replayer } from '../../src/engine/replay.js';
import { gameTurnEnded, japanChoosesAfterPeace } from '../support/british-fixtures.js';

const su41 = turn('summer', 1941);
const fa41 = turn('fall', 1941);

type Report = EventData<'host.far-east-hex-control'>;
const farEast = (over: Partial<Report> = {}): OriginEvent => ({
  type: 'host.far-east-hex-control',
  data: { turn: su41, unsuppliedHexes: [], fortificationsEliminated: [], areas: [], ...over },
});
const adheres = (yes: boolean): OriginEvent => ({ type: 'japan.treaty-decided', data: { turn: su41, adheres: yes } });

const surrendered = (): OriginEvent[] => japanChoosesAfterPeace(su41);

describe('59.892A: the Far East hex control after Japan adheres', () => {
  it(
    '59.892A: Japan adheres: nothing is settled yet; the host ' +
      'is asked for the Far East hex control, and play waits for it',
    () => {
      const history = play(surrendered());
      given(history)
        .when(adheres(true))
        .then([adheres(true)]);
      const log = play([...surrendered(), adheres(true)]);
      const view = viewAfter(log);
      expect(view && pendingDecisions(view).map((p) => [p.decision, p.by, p.rule, p.commands])).toEqual([
        ['report-far-east-hex-control', 'host', '59.892A', ['host.far-east-hex-control']],
      ]);
      expect(view?.britain.value).toEqual({
        surrendered: { forces: 'done', terms: 'done', farEast: 'awaitingFarEastHexControl' },
      });
      const { decision } = given(log).when(gameTurnEnded(fa41));
      expect(decision.ok === false && [decision.rejection.code, decision.rejection.rule]).toEqual([
        'decision-pending',
        '59.892A',
      ]);
    },
  );

  it(
    '59.892A, 59.632-59.634: the report settles the Far East: unsupplied hexes and areas pass to Japan, ' +
      'fortifications there are eliminated',
    () => {
      const log = play([...surrendered(), adheres(true)]);
      const report = farEast({
        unsuppliedHexes: ['Hong Kong', 'Kowloon'],
        fortificationsEliminated: ['Hong Kong'],
        areas: [
          { name: 'malaya', control: 'british' },
          { name: 'burma', control: 'british' },
          { name: 'hong-kong', control: 'japanese' },
        ],
      });
      given(log)
        .when(report)
        .then([
          report,
          {
            type: 'britain.far-east-settled',
            data: {
              turn: su41,
              japanAdheres: true,
              effects: [
                { rule: '59.892A', code: 'far-east-hex-control', params: {} },
                {
                  rule: '59.632',
                  code: 'far-east-unsupplied-hexes-to-japan',
                  params: { hexes: ['Hong Kong', 'Kowloon'] },
                },
                { rule: '59.633', code: 'far-east-fortifications-eliminated', params: { hexes: ['Hong Kong'] } },
                { rule: '59.634', code: 'far-east-areas-to-japan', params: { areas: ['hong-kong'] } },
                { rule: '59.634', code: 'far-east-areas-to-britain', params: { areas: ['malaya', 'burma'] } },
                { rule: '59.892B', code: 'no-far-east-concessions', params: {} },
                { rule: '59.892C', code: 'japan-may-resume', params: {} },
                { rule: '59.893', code: 'asia-units-subject-to-reductions', params: { settled: true } },
              ],
            },
          },
        ]);
      const view = viewAfter(play([...surrendered(), adheres(true), report]));
      expect(view?.britain.value).toBe('atPeace');
      expect(view && warList(view.world.wars)).toEqual([]);
    },
  );

  it(
    '59.633: a fortification outside the unsupplied hexes, or a hex ' +
      'named twice, contradicts the report (59.632), naming both fields',
    () => {
      const log = play([...surrendered(), adheres(true)]);
      const stray = given(log).when(
        farEast({ unsuppliedHexes: ['Kowloon'], fortificationsEliminated: ['Singapore'] }),
      ).decision;
      expect(stray).toEqual({
        ok: false,
        rejection: {
          code: 'contradictory',
          rule: '59.633',
          message:
            'data.fortificationsEliminated[0] contradicts data.unsuppliedHexes: Singapore is not among the ' +
            'unsupplied hexes; only fortifications in those are eliminated',
          fields: ['data.fortificationsEliminated[0]', 'data.unsuppliedHexes'],
        },
      });
      const twice = given(log).when(farEast({ unsuppliedHexes: ['Kowloon', 'Kowloon'] })).decision;
      expect(twice).toEqual({
        ok: false,
        rejection: {
          code: 'contradictory',
          rule: '59.632',
          message: 'data.unsuppliedHexes[0] contradicts data.unsuppliedHexes[1]: Kowloon is named twice',
          fields: ['data.unsuppliedHexes[0]', 'data.unsuppliedHexes[1]'],
        },
      });
    },
  );

  it('59.892A: no report is awaited when Japan declines the treaty (59.894) or has not chosen yet', () => {
    given(play(surrendered())).when(farEast()).thenRejected('59.892A', 'not-pending');
    given(play([...surrendered(), adheres(false)]))
      .when(farEast())
      .thenRejected('59.892A', 'not-pending');
  });
});

describe('59.892A: logs written before the Far East hex control was asked for', () => {
  it(
    '59.892A: a settlement that followed the adherence at once ' +
      'reaches the same state, and replay names the changed reading',
    () => {
      const settled: DomainEvent = {
        type: 'britain.far-east-settled',
        data: {
          turn: su41,
          japanAdheres: true,
          effects: [{ rule: '59.892A', code: 'far-east-hex-control', params: {} }],
        },
      };
      const log = [...play([...surrendered(), adheres(true)]), settled];
      const replayer = new Replayer({ checkDecisions: true });
      replayer.applyAll(stored(log));
      expect(replayer.finish()).toEqual([
        { seq: log.length, game: 'g1', message: 'the rules do not produce this "britain.far-east-settled" here' },
      ]);
      expect(replayer.view('g1')?.britain.value).toBe('atPeace');
    },
  );
});
