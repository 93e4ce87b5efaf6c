import { describe, expect, it } from 'vitest';
import { concessions, negotiateConcessions } from '../../src/rules/concessions.js';
import { concessionsInput } from '../support/concessions-fixtures.js';

const input = concessionsInput;

const why = 'the U.S. is at war with Germany, so no concessions or territorial transfers are made';

describe('59.61 war continues', () => {
  it('59.61: with the U.S. at war there are no concession points, and nothing is forgone', () => {
    const r = concessions(input({ surrenderLevel: -7, usAtWarWithGermany: true }));
    expect(r).toEqual({
      legal: true,
      violations: [],
      pointsAvailable: 0,
      pointsUsed: 0,
      pointsNotTaken: 0,
      pointsReturned: 0,
      resistanceModifier: 0,
      usatChange: 0,
    });
  });

  it('59.61: no territory may be taken', () => {
    const r = concessions(input({ usAtWarWithGermany: true, demand: { take: ['malta'] } }));
    expect(r.violations).toEqual([{ rule: '59.61', message: `${why}: cannot take malta` }]);
  });

  it('59.61: no minor may change status', () => {
    const minors = [{ name: 'greece', brps: 10, status: 'british' as const }];
    const r = concessions(
      input({ usAtWarWithGermany: true, minors, demand: { minors: [{ name: 'greece', to: 'neutral' }] } }),
    );
    expect(r.violations).toEqual([{ rule: '59.61', message: `${why}: cannot change the status of greece` }]);
  });

  it('59.61: no indemnity may be imposed', () => {
    const r = concessions(input({ usAtWarWithGermany: true, demand: { indemnityBrps: 10 } }));
    expect(r.violations).toEqual([{ rule: '59.61', message: `${why}: cannot impose an indemnity of 10 BRPs` }]);
    expect(r.pointsUsed).toBe(1);
  });

  it('59.61: no territory may be returned', () => {
    const r = concessions(
      input({
        usAtWarWithGermany: true,
        territories: { malta: 'axis' },
        originallyBritish: ['malta'],
        demand: { return: ['malta'] },
      }),
    );
    expect(r.legal).toBe(false);
    expect(r.violations).toEqual([{ rule: '59.61', message: `${why}: cannot return malta` }]);
  });

  it('59.61 with 59.66F: the Wafdists remain in play when the U.S. is at war', () => {
    const { effects } = negotiateConcessions(input({ usAtWarWithGermany: true }));
    expect(effects?.wafdists).toEqual({
      rule: '59.66F',
      eliminated: false,
      noNewUntilAxisAtWarWithUs: false,
      cause: 'us-at-war',
      note: 'the U.S. is at war with Germany: Wafdist partisans remain in play',
    });
    expect(effects?.territoriesCeded).toEqual([]);
  });
});
