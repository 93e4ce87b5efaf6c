// An example game of British surrender in the global scenario: the Far East effects of a peace (59.89).
import type { EventData, OriginEvent } from '../../events/index.js';
import {
  ORIGINALLY_BRITISH,
  britain,
  decide,
  italyFightsOn,
  strongGermany,
  t,
  territories1941,
} from './british-reports.js';
import { britishForces1941 } from './fleets.js';
import { GameScript, type TurnRef } from './script.js';

type PoolUnit = EventData<'host.british-force-pool'>['units'][number];

/** 1941 in the global scenario: Germany and Italy against Britain, Japan already at war with Britain, not the U.S. */
const warsJapanAgainstBritain: EventData<'host.game-started'>['wars'] = [
  { axis: 'germany', allied: 'britain' },
  { axis: 'italy', allied: 'britain' },
  { axis: 'japan', allied: 'britain' },
];

/** 59.893: in the global scenario British units in Asia are subject to the force pool reductions like any others. */
const inAsia: PoolUnit[] = [
  { id: 'hong-kong-inf', nationality: 'british', kind: 'ground', factors: 1, brps: 1, theater: 'asia' },
  { id: 'far-east-raf', nationality: 'british', kind: 'aaf', factors: 1, brps: 5, theater: 'asia' },
  {
    id: 'repulse',
    nationality: 'british',
    kind: 'naval',
    factors: 9,
    brps: 0,
    theater: 'asia',
    naval: { type: 'battlecruiser', status: 'operational' },
  },
];

const treaty = (turn: TurnRef, adheres: boolean): OriginEvent => ({
  type: 'japan.treaty-decided',
  data: { turn, adheres },
});

/**
 * (f) A British surrender in the Far East: Sea Lion succeeds in Summer 1941 (Britain offers at -3, Germany accepts and
 * takes Malta for Italy, Palestine and a 20 BRP indemnity) while Japan is at war with Britain but not with the U.S., so
 * Japan chooses at the moment of surrender whether to end hostilities (59.891C). The force reductions take British
 * units in Asia too (59.893): an AAF factor, Hong Kong's infantry and Repulse. Japan adheres to the treaty: Far East
 * hex control follows 59.63 (59.892A) — Hong Kong and Kowloon cannot trace supply and pass to Japan, Hong Kong's
 * fortress is eliminated, and Japan takes the Hong Kong area while Britain keeps Malaya and Burma; no concessions are
 * made in the Far East (59.892B). In Winter 1941, the second turn after the surrender, Japan resumes the war on Britain
 * and the U.S. together (59.892C).
 */
export function farEast1941(): GameScript {
  const spring = t('spring', 1941);
  const summer = t('summer', 1941);
  const winter = t('winter', 1941);
  const g = new GameScript('far-east-1941', {
    scenario: 'global',
    turn: spring,
    wars: warsJapanAgainstBritain,
    italy: { declaredWarOnWesternAlliesYear: 1940, westernAlliesDeclaredWar: false },
  });
  const atSurrender = decide(summer);
  g.turn(spring, {
    germany: strongGermany(24),
    italy: italyFightsOn(7),
    britain: britain({ britishDpLevel: 4, usatLevel: 14 }),
  })
    .turn(summer, {
      during: [atSurrender.declare('germany', ['russia']), atSurrender.declare('italy', ['russia'])],
      germany: strongGermany(26),
      italy: italyFightsOn(7),
      britain: britain({
        britishDpLevel: -1,
        oilEffectsOnBritain: 1,
        atlanticSwTransports: 9,
        unbuiltBritishGroundAirFactors: 12,
        usatLevel: 18,
      }),
      afterGameTurn: [
        atSurrender.accept(),
        // 59.891C: Japan decides at the moment of surrender, and adheres.
        treaty(summer, true),
        atSurrender.reportPool([...britishForces1941, ...inAsia]),
        {
          type: 'host.british-hex-control',
          data: {
            turn: summer,
            unsuppliedHexes: ['K22', 'K23'],
            fortificationsEliminated: [],
            territories: territories1941(),
            minors: [{ name: 'greece', brps: 5, status: 'axis' }],
            originallyBritish: ORIGINALLY_BRITISH,
            axisControls: { london: true, birmingham: false, manchester: false, allOfScotland: false },
          },
        },
        // 59.892A: hex control in the Far East determined by 59.63.
        {
          type: 'host.far-east-hex-control',
          data: {
            turn: summer,
            unsuppliedHexes: ['Hong Kong', 'Kowloon'],
            fortificationsEliminated: ['Hong Kong'],
            areas: [
              { name: 'hong-kong', control: 'japanese' },
              { name: 'malaya', control: 'british' },
              { name: 'burma', control: 'british' },
            ],
          },
        },
        {
          type: 'britain.terms-demanded',
          data: {
            turn: summer,
            demand: { take: ['malta', 'palestine'], minors: [], indemnityBrps: 20, return: [] },
            toItaly: ['malta'],
          },
        },
        atSurrender.select([
          'raf-1',
          'raf-2',
          'raf-5',
          'far-east-raf',
          '1st-armd',
          '50th-inf',
          'hong-kong-inf',
          'repulse',
          'nelson',
          'rodney',
          'ca-home',
          'dd-1',
        ]),
      ],
    })
    .turn(t('fall', 1941), {
      germany: strongGermany(28),
      italy: italyFightsOn(8),
      britain: britain({ britishDpLevel: 1, usatLevel: 20 }),
    })
    .turn(winter, {
      during: [decide(winter).declare('japan', ['britain', 'us'], 22)],
      germany: strongGermany(28),
      italy: italyFightsOn(8),
      britain: britain({ britishDpLevel: 2, usatLevel: 22 }),
    })
    .turn(t('spring', 1942), {
      germany: strongGermany(27),
      italy: italyFightsOn(8),
      britain: britain({ britishDpLevel: 3, usatLevel: 25 }),
    });
  return g;
}
