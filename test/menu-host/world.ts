// The menu-only host's world: random facts of a game as a host would report them, built from the shipped
// JSON Schemas (schemas/command/*.json) and nothing of the engine. What the rules then decide, and what the
// players may choose, the host learns only from the engine's answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Json, JsonObject } from './exec-client.js';

/** A small seeded generator (mulberry32), so that a failing game is replayed from its seed alone. */
export class Random {
  #state: number;
  constructor(readonly seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from nothing');
    return item;
  }
  subset<T>(items: readonly T[], p: number): T[] {
    return items.filter(() => this.chance(p));
  }
}

type Schema = { readonly [key: string]: Json };

export class Schemas {
  readonly #dir: string;
  readonly #cache = new Map<string, Schema>();
  constructor(root: string) {
    this.#dir = join(root, 'schemas/command');
  }
  /** The JSON Schema of a command's `data`, as shipped. */
  data(command: string): Schema {
    let schema = this.#cache.get(command);
    if (schema === undefined) {
      const whole = JSON.parse(readFileSync(join(this.#dir, `${command}.json`), 'utf8')) as Schema;
      schema = at(whole, ['properties', 'data']);
      this.#cache.set(command, schema);
    }
    return schema;
  }
  /** The values an enum of the schema allows, at a path of property names ('[]' for an array's items). */
  values(command: string, path: readonly string[]): string[] {
    let node = this.data(command);
    for (const step of path) node = step === '[]' ? at(node, ['items']) : at(node, ['properties', step]);
    return constsOf(node);
  }
  /** The property names an object of the schema has, at a path. */
  keys(command: string, path: readonly string[]): string[] {
    let node = this.data(command);
    for (const step of path) node = step === '[]' ? at(node, ['items']) : at(node, ['properties', step]);
    return Object.keys(at(node, ['properties']));
  }
}

function at(node: Schema, path: readonly string[]): Schema {
  let here: Json = node;
  for (const step of path) {
    if (typeof here !== 'object' || here === null || Array.isArray(here))
      throw new Error(`schema has no ${path.join('.')}`);
    here = (here as JsonObject)[step] ?? null;
  }
  if (typeof here !== 'object' || here === null || Array.isArray(here))
    throw new Error(`schema has no ${path.join('.')}`);
  return here as Schema;
}

function constsOf(node: Schema): string[] {
  const anyOf = node['anyOf'];
  if (Array.isArray(anyOf))
    return anyOf.flatMap((n) =>
      typeof n === 'object' && n !== null && !Array.isArray(n) && typeof n['const'] === 'string' ? [n['const']] : [],
    );
  const values = node['enum'];
  if (Array.isArray(values)) return values.filter((v): v is string => typeof v === 'string');
  throw new Error('not an enum');
}

export const SEASONS = ['spring', 'summer', 'fall', 'winter'] as const;
export type Turn = { readonly season: (typeof SEASONS)[number]; readonly year: number };
export const turnAt = (index: number): Turn => ({
  season: SEASONS[index % 4] ?? 'spring',
  year: 1941 + Math.floor(index / 4),
});

/** The game's start: scenario, wars and the ruling options, each option value taken in turn by game number. */
export function gameStart(schemas: Schemas, random: Random, game: number): JsonObject {
  const options = Object.fromEntries(
    schemas.keys('host.game-started', ['options']).map((name) => {
      const values = schemas.values('host.game-started', ['options', name]);
      return [name, values[(game + name.length) % values.length] ?? values[0] ?? null];
    }),
  );
  const scenario = random.pick(schemas.values('host.game-started', ['scenario']));
  const wars: JsonObject[] = [
    { axis: 'germany', allied: 'britain' },
    { axis: 'italy', allied: 'britain' },
  ];
  if (random.chance(0.6)) wars.push({ axis: 'germany', allied: 'russia' });
  if (random.chance(0.3)) wars.push({ axis: 'germany', allied: 'us' }, { axis: 'italy', allied: 'us' });
  else if (random.chance(0.15)) wars.push({ axis: 'italy', allied: 'us' });
  if (scenario === 'global' && random.chance(0.5)) wars.push({ axis: 'japan', allied: 'britain' });
  const italianDeclared = random.chance(0.7);
  return {
    type: 'host.game-started',
    data: {
      scenario,
      turn: turnAt(0),
      wars,
      italy: {
        declaredWarOnWesternAlliesYear: italianDeclared ? random.pick([1940, 1941]) : null,
        westernAlliesDeclaredWar: !italianDeclared,
      },
      options,
    },
  };
}

/** 55.11, 56.11: the end of an Allied player turn, with the DP totals near their thresholds now and then. */
export function alliedTurnEnd(random: Random, turn: Turn): JsonObject {
  return {
    type: 'host.allied-player-turn-ended',
    data: {
      turn,
      germany: {
        berlin: random.chance(0.25) ? 'allied' : 'axis',
        germanDpTotal: random.int(-3, 8),
        germanyControlsBerchtesgaden: random.chance(0.5),
        allGermanHexesAlliedOrAtomic: false,
      },
      italy: {
        italianDpTotal: random.int(-4, 6),
        romeAlliedControlled: random.chance(0.3),
        axisUnitsInAfrica: random.chance(0.6),
        dpsInItaly: { axis: random.int(0, 2), allied: random.int(0, 2) },
        covertOperationsModifier: random.int(-1, 1),
      },
    },
  };
}

/** 59.21: the end of a game turn; the British DP level alone moves the resistance level much. */
export function gameTurnEnd(random: Random, turn: Turn): JsonObject {
  return {
    type: 'host.game-turn-ended',
    data: {
      turn,
      britain: {
        britishDpLevel: random.int(-14, 6),
        axisControlsMalta: random.chance(0.2),
        axisControlsSingapore: random.chance(0.2),
        oilEffectsOnBritain: random.int(0, 2),
        atlanticSwTransports: random.int(6, 12),
        russianGroundUnitInEasternEurope: random.chance(0.7),
        unbuiltBritishGroundAirFactors: random.int(0, 25),
        usatLevel: random.int(0, 55),
        westernAlliedGroundAirFactorsOnWesternFront: random.int(0, 10),
        westernAlliedGroundUnitInGermany: false,
        russianGroundUnitInWesternPolandOrRumania: random.chance(0.2),
        naval: [],
      },
    },
  };
}
