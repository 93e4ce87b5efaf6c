// The words the audit uses for what the log holds as keys: the rows of the three tables (55.11B, 56.12, 59.21),
// the ruling options a game fixes (docs/rulings.md) and the powers. Typed by the tables and the options, so that
// a new row or option does not compile without its words.
import type { AlliedPower, AxisPower } from '../../events/common.js';
import type { britishLineCodes } from '../rules/british-lines.js';
import type { germanLineCodes } from '../rules/german-lines.js';
import type { italianLineCodes } from '../rules/italian-lines.js';
import type { RulingOptionName, rulingOptionValues } from '../rules/options.js';

type LineKey = keyof typeof germanLineCodes | keyof typeof italianLineCodes | keyof typeof britishLineCodes;

/** A table row's name, as the zero rows are listed (`zero: 55.11B firestorms, 55.11B atomic attacks`). */
export const LINE_NAMES: Readonly<Record<LineKey, string>> = {
  dpTotal: 'DP total',
  berchtesgaden: 'Berchtesgaden',
  firestorms: 'firestorms',
  atomicAttacks: 'atomic attacks',
  westernAlliesDeclaredWar: 'Western Allied declaration of war',
  italianDeclarationYear: 'year of the Italian declaration of war',
  dpsInItaly: 'DPs in Italy',
  covertOperations: 'covert operations',
  dpLevel: 'DP level',
  maltaSingapore: 'Malta and Singapore',
  australiaIndia: 'Australia and India',
  oilEffects: 'oil effects',
  atlanticTransports: 'Atlantic transports',
  unbuiltFactors: 'unbuilt factors',
  noRussianUnitInEasternEurope: 'no Russian unit in Eastern Europe',
  navalRatio: 'naval ratio',
  majorPowersAtWar: 'major powers at war',
  usat30to39: 'USAT level 30 to 39',
  usat40Plus: 'USAT level 40 or more',
  westernFrontFactors: 'Western Front factors',
  westernAlliedUnitInGermany: 'Western Allied unit in Germany',
  russianUnitInWesternPolandOrRumania: 'Russian unit in western Poland or Rumania',
  concessionsForgone: 'concessions forgone',
};

const isLineKey = (key: string): key is LineKey => Object.hasOwn(LINE_NAMES, key);

/** A row's name; a key of a table row this build does not know (a newer log) is shown as it is. */
export const lineName = (key: string): string => (isLineKey(key) ? LINE_NAMES[key] : key);

type OptionWords = {
  readonly [N in RulingOptionName]: {
    readonly name: string;
    readonly values: Readonly<Record<(typeof rulingOptionValues)[N][number], string>>;
  };
};

/** Each ruling option: what it decides and its readings, in words (docs/rulings.md). */
export const OPTION_WORDS: OptionWords = {
  usWarContinuationException: {
    name: '59.14B or 59.85, when the U.S. and Britain stop fighting',
    values: {
      '59.14B': 'as 59.14B reads (Japan has not surrendered)',
      '59.85': 'as 59.85 reads (Japan has surrendered)',
    },
  },
  surrenderAfterGermanDeclaration: {
    name: "59.87, a further surrender after Germany's declaration of war",
    values: { fresh: 'judged afresh from 0', 'below-previous': 'must fall below the previous level' },
  },
  usat30to39WhenUsAtWar: {
    name: '59.21, the USAT 30 to 39 row while the U.S. is at war with Germany',
    values: { counts: 'counts', ignored: 'does not count' },
  },
  unfinishedLightShips: {
    name: '56.32, unfinished cruisers and destroyers',
    values: { 'rows-2-and-launch': 'may be selected from the "2" and Launch rows', never: 'are never selected' },
  },
  italianWarDeclarations: {
    name: '56.12A and 56.12B, declarations of war between Italy and the Western Allies',
    values: {
      'how-the-war-began': 'only the first one counts',
      'every-declaration': 'every one counts',
    },
  },
};

const isOption = (name: string): name is RulingOptionName => Object.hasOwn(OPTION_WORDS, name);

/** `ruling option 59.87, ...: judged afresh from 0`; an option this build does not know is shown as it is. */
export function optionRow(name: string, value: string): string {
  if (!isOption(name)) return `ruling option ${name}: ${value}`;
  const words: { readonly name: string; readonly values: Readonly<Record<string, string>> } = OPTION_WORDS[name];
  return `ruling option ${words.name}: ${words.values[value] ?? value}`;
}

const POWER_NAMES: Readonly<Record<AxisPower | AlliedPower, string>> = {
  germany: 'Germany',
  italy: 'Italy',
  britain: 'Britain',
  france: 'France',
  russia: 'Russia',
  us: 'the U.S.',
  japan: 'Japan',
};

export const powerName = (power: AxisPower | AlliedPower): string => POWER_NAMES[power];

const isPower = (name: string): name is AxisPower | AlliedPower => Object.hasOwn(POWER_NAMES, name);

/** A war as the summary's data names it (`germany-russia`), in words: `Germany with Russia`. */
export function warWords(war: string): string {
  const [axis = '', allied = ''] = war.split('-');
  return isPower(axis) && isPower(allied) ? `${powerName(axis)} with ${powerName(allied)}` : war;
}

/** `yes` or `no`, for a fact the host reported. */
export const yesNo = (fact: boolean): string => (fact ? 'yes' : 'no');
