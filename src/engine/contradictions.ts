// Host facts that the rules make impossible together: two facts of one report, or a report and what the log
// already holds. Refused before any rule is applied, naming both facts, so that nothing contradictory enters the
// log (docs/rulings.md, "Host facts that contradict each other or the log"). The calculators keep their contract
// and compute whatever they are given; only the engine, which has the log, can see these.
import type { EventData } from '../../events/index.js';
import { rejectContradiction, type Decision } from './decision.js';
import { germanyHasSurrendered } from '../../machines/germany.js';
import { italyHasSurrendered } from '../../machines/italy.js';
import type { GameView } from './game-view.js';
import { italianWarDeclarationsOf } from '../rules/options.js';
import { warList, type Power } from './wars.js';

type Check<
  K extends
    | 'host.game-started'
    | 'host.allied-player-turn-ended'
    | 'host.city-firestormed'
    | 'host.atomic-attack'
    | 'war.declared',
> = (view: GameView, data: EventData<K>) => Decision | null;

const WESTERN_ALLIES = ['britain', 'france', 'us'] as const;

/** 56.12A, 56.12B: the history a log starts with must fit its wars and its turn (no log yet: checked on its own). */
export function gameStartContradiction(data: EventData<'host.game-started'>): Decision | null {
  const year = data.italy.declaredWarOnWesternAlliesYear;
  if (year !== null && year > data.turn.year) {
    return rejectContradiction(
      '56.12B',
      'data.italy.declaredWarOnWesternAlliesYear',
      'data.turn.year',
      `Italy cannot have declared war in ${year} when the log starts in ${data.turn.year}`,
    );
  }
  // 56.12: one of the two began the war, unless the game follows the per-declaration reading (docs/rulings.md).
  if (
    year !== null &&
    data.italy.westernAlliesDeclaredWar &&
    italianWarDeclarationsOf(data.options) === 'how-the-war-began'
  ) {
    return rejectContradiction(
      '56.12',
      'data.italy.declaredWarOnWesternAlliesYear',
      'data.italy.westernAlliesDeclaredWar',
      'the war between Italy and the Western Allies began either by an Italian declaration (56.12B) or by theirs ' +
        '(56.12A), not both (option italianWarDeclarations: how-the-war-began)',
    );
  }
  const index = data.wars.findIndex(
    (w) => w.axis === 'italy' && (WESTERN_ALLIES as readonly string[]).includes(w.allied),
  );
  if (index >= 0 && year === null && !data.italy.westernAlliesDeclaredWar) {
    return rejectContradiction(
      '56.12',
      `data.wars[${index}]`,
      'data.italy',
      `Italy is at war with ${data.wars[index]?.allied ?? ''}, so either Italy declared war on the Western Allies ` +
        `(56.12B) or they declared war on Italy (56.12A); the history says neither`,
    );
  }
  return null;
}

/** 55.11A, 55.12: Berlin and Berchtesgaden are hexes of Germany; an atomic attack marker needs an atomic attack. */
export const germanFactsContradiction: Check<'host.allied-player-turn-ended'> = (view, data) => {
  const g = data.germany;
  if (g === null) return null;
  const noAttack = view.world.counts.atomicAttacksOnGermany === 0;
  if (g.berlin === 'axis' && g.allGermanHexesAlliedOrAtomic) {
    return rejectContradiction(
      '55.12',
      'data.germany.berlin',
      'data.germany.allGermanHexesAlliedOrAtomic',
      'Berlin is a hex of Germany: Axis-controlled and without an atomic attack marker, it is neither ' +
        'Allied-controlled nor atomic-marked',
    );
  }
  if (g.berlin === 'atomic' && noAttack) {
    return rejectContradiction(
      '55.11A',
      'data.germany.berlin',
      'log:world.counts.atomicAttacksOnGermany',
      'an atomic attack marker in Berlin needs an atomic attack ' +
        'on Germany (host.atomic-attack), and the log records none',
    );
  }
  if (g.germanyControlsBerchtesgaden && g.allGermanHexesAlliedOrAtomic && noAttack) {
    return rejectContradiction(
      '55.12',
      'data.germany.germanyControlsBerchtesgaden',
      'data.germany.allGermanHexesAlliedOrAtomic',
      'Berchtesgaden is a hex of Germany: German-controlled, it is not Allied-controlled, and it cannot hold an ' +
        'atomic attack marker while the log records no atomic attack on Germany',
    );
  }
  return null;
};

/**
 * Who could attack a country's cities: its enemies at war with it now (a fact about a power at peace contradicts the
 * wars).
 */
function attackedWithoutWar(view: GameView, country: 'germany' | 'britain' | 'italy', rule: string): Decision | null {
  if (country === 'germany' && germanyHasSurrendered(view.germany)) {
    return rejectContradiction(
      '55.31',
      'data.country',
      'log:germany.value',
      'Germany has surrendered: no power is at war with it',
    );
  }
  if (country === 'italy') {
    return italyHasSurrendered(view.italy)
      ? rejectContradiction(
          '56.3',
          'data.country',
          'log:italy.value',
          'Italy has surrendered: no power is at war with it (56.22)',
        )
      : null;
  }
  const wars = warList(view.world.wars);
  const enemies =
    country === 'germany' ? wars.filter((w) => w.axis === 'germany') : wars.filter((w) => w.allied === 'britain');
  return enemies.length === 0
    ? rejectContradiction(
        rule,
        'data.country',
        'log:world.wars',
        `no power is at war with ${country === 'germany' ? 'Germany' : 'Britain'}`,
      )
    : null;
}

/** 55.11B, 59.21: each firestormed city counts once; a city is firestormed only by a power at war with its country. */
export const firestormContradiction: Check<'host.city-firestormed'> = (view, data) => {
  const rule = data.country === 'germany' ? '55.11B' : '59.21';
  const earlier = view.world.firestormedCities[data.country].indexOf(data.city);
  if (earlier >= 0) {
    return rejectContradiction(
      rule,
      'data.city',
      `log:world.firestormedCities.${data.country}[${earlier}]`,
      `${data.city} has already been firestormed, and ${rule} counts each city once`,
    );
  }
  return attackedWithoutWar(view, data.country, rule);
};

/** 43.321A: an atomic attack is made by a power at war with the country attacked. */
export const atomicAttackContradiction: Check<'host.atomic-attack'> = (view, data) =>
  data.country === 'other'
    ? null
    : attackedWithoutWar(
        view,
        data.country,
        data.country === 'germany' ? '55.11B' : data.country === 'britain' ? '59.21' : '43.321A',
      );

/** The powers whose surrender the host reports (host.power-surrendered). */
const reportedSurrender = (p: Power): p is 'france' | 'russia' | 'japan' =>
  p === 'france' || p === 'russia' || p === 'japan';

/** A power the log holds as surrendered (host.power-surrendered) takes no part in a war any more. */
export const declarationContradiction: Check<'war.declared'> = (view, data) => {
  const named: [string, Power][] = [
    ['data.aggressor', data.aggressor],
    ...data.targets.map((t, i): [string, Power] => [`data.targets[${i}]`, t]),
  ];
  for (const [field, power] of named) {
    if (reportedSurrender(power) && view.world.surrendered[power]) {
      return rejectContradiction(
        'sequence',
        field,
        `log:world.surrendered.${power}`,
        `${power} has surrendered (host.power-surrendered): its wars have ended`,
      );
    }
  }
  return null;
};

/** The first entry that repeats an earlier one: its index, the earlier one's, and the name. */
function repeatedEntry(names: readonly string[]): { earlier: number; later: number; name: string } | null {
  const first = new Map<string, number>();
  for (const [later, name] of names.entries()) {
    const earlier = first.get(name);
    if (earlier !== undefined) return { earlier, later, name };
    first.set(name, later);
  }
  return null;
}

/**
 * 59.632, 59.633: the hexes of a hex control report, the British one (59.631) or the Far East one (59.892A): a hex
 * named twice, or a fortification eliminated outside the hexes named as unsupplied, contradicts the report itself.
 */
export function hexControlContradiction(report: {
  readonly unsuppliedHexes: readonly string[];
  readonly fortificationsEliminated: readonly string[];
}): Decision | null {
  for (const [list, field, rule] of [
    [report.unsuppliedHexes, 'data.unsuppliedHexes', '59.632'],
    [report.fortificationsEliminated, 'data.fortificationsEliminated', '59.633'],
  ] as const) {
    const twice = repeatedEntry(list);
    if (twice !== null)
      return rejectContradiction(
        rule,
        `${field}[${twice.earlier}]`,
        `${field}[${twice.later}]`,
        `${twice.name} is named twice`,
      );
  }
  const unsupplied = new Set(report.unsuppliedHexes);
  const stray = report.fortificationsEliminated.findIndex((hex) => !unsupplied.has(hex));
  if (stray < 0) return null;
  return rejectContradiction(
    '59.633',
    `data.fortificationsEliminated[${stray}]`,
    'data.unsuppliedHexes',
    `${report.fortificationsEliminated[stray] ?? ''} is not among the unsupplied hexes; only fortifications in ` +
      `those are eliminated`,
  );
}

/** 59.634: an area of the Far East report named twice. */
export function farEastAreaContradiction(areas: readonly { readonly name: string }[]): Decision | null {
  const twice = repeatedEntry(areas.map((a) => a.name));
  return twice === null
    ? null
    : rejectContradiction(
        '59.634',
        `data.areas[${twice.earlier}].name`,
        `data.areas[${twice.later}].name`,
        `${twice.name} is named twice`,
      );
}
