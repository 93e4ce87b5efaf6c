// The menu-only host's reports: what it sees on its map when the engine asks (a British force pool, hex control
// after a peace, the Far East after Japan adheres, Italy's forces at its surrender), random but consistent, and
// built from the shipped schemas' enums. The engine says which report is due and what it must contain.
import type { JsonObject } from './exec-client.js';
import type { Random, Schemas, Turn } from './world.js';

/** 59.513: a British force pool of every kind, nationality, theater and ship status the schema knows. */
export function forcePool(schemas: Schemas, random: Random, turn: Turn): JsonObject {
  const command = 'host.british-force-pool';
  const nationalities = schemas.values(command, ['units', '[]', 'nationality']);
  const kinds = schemas.values(command, ['units', '[]', 'kind']);
  const theaters = schemas.values(command, ['units', '[]', 'theater']);
  const shipTypes = schemas.values(command, ['units', '[]', 'naval', 'type']);
  const statuses = schemas.values(command, ['units', '[]', 'naval', 'status']);
  const size = random.int(0, 30);
  const units: JsonObject[] = [];
  for (let i = 0; i < size; i += 1) {
    // Mostly British units, so that the requirements can be met, with the exempt ones among them.
    const nationality = random.chance(0.7) ? 'british' : random.pick(nationalities);
    const kind = random.pick(kinds);
    const unit: JsonObject = {
      id: `u${turn.year}-${turn.season}-${i}`,
      nationality,
      kind,
      factors: random.int(0, 9),
      brps: random.int(0, 12),
      theater: random.pick(theaters),
    };
    if (kind === 'naval')
      unit['naval'] = {
        type: random.pick(shipTypes),
        status: random.chance(0.7) ? 'operational' : random.pick(statuses),
      };
    if (nationality === 'minor') unit['minor'] = random.pick(['greece', 'yugoslavia', 'norway']);
    units.push(unit);
  }
  return { type: command, data: { turn, units } };
}

const MINORS = ['greece', 'yugoslavia', 'norway', 'persia', 'iraq-levies'];

/** 59.631-59.634: after a peace, which British hexes are unsupplied and who then controls each territory. */
export function britishHexControl(schemas: Schemas, random: Random, turn: Turn): JsonObject {
  const command = 'host.british-hex-control';
  const keys = schemas.keys(command, ['territories']);
  const controls = schemas.values(command, ['territories', keys[0] ?? '']);
  const territories = Object.fromEntries(
    keys.map((key) => [key, random.chance(0.65) ? 'british' : random.pick(controls)]),
  );
  const unsuppliedHexes = random.subset(['K23', 'L20', 'H17', 'E12', 'M31'], 0.3);
  const minors = random.subset(MINORS, 0.4).map((name) => ({
    name,
    brps: random.pick([0, 3, 5, 10, 15]),
    status: random.pick(schemas.values(command, ['minors', '[]', 'status'])),
  }));
  return {
    type: command,
    data: {
      turn,
      unsuppliedHexes,
      fortificationsEliminated: random.subset(unsuppliedHexes, 0.5),
      territories,
      minors,
      originallyBritish: keys.filter(() => random.chance(0.8)),
      axisControls: {
        london: territories['southern-england'] === 'axis' || random.chance(0.1),
        birmingham: territories['central-england'] === 'axis' || random.chance(0.1),
        manchester: territories['central-england'] === 'axis' || random.chance(0.1),
        allOfScotland: territories['scotland'] === 'axis',
      },
    },
  };
}

/** 59.892A: the Far East after Japan adheres to the treaty. */
export function farEastHexControl(schemas: Schemas, random: Random, turn: Turn): JsonObject {
  const command = 'host.far-east-hex-control';
  const unsuppliedHexes = random.subset(['Malaya-1', 'Burma-2', 'Borneo-3', 'HongKong'], 0.4);
  return {
    type: command,
    data: {
      turn,
      unsuppliedHexes,
      fortificationsEliminated: random.subset(unsuppliedHexes, 0.5),
      areas: random
        .subset(['malaya', 'burma', 'borneo', 'hong-kong'], 0.7)
        .map((name) => ({ name, control: random.pick(schemas.values(command, ['areas', '[]', 'control'])) })),
    },
  };
}

/** 56.31D: Italy's navy, with each ship's status, and its infantry at the moment of surrender. */
export function italianForces(schemas: Schemas, random: Random, turn: Turn): JsonObject {
  const command = 'host.italian-forces-reported';
  const types = schemas.values(command, ['navy', '[]', 'type']);
  const statuses = schemas.values(command, ['navy', '[]', 'status']);
  const navy = Array.from({ length: random.int(0, 12) }, (_, i) => {
    const type = random.pick(types);
    return {
      id: `ship-${i}`,
      type,
      factors: random.int(1, 4),
      status: random.chance(0.6) ? random.pick(statuses.slice(0, 1)) : random.pick(statuses),
    };
  });
  const infantry = Array.from({ length: random.int(0, 10) }, (_, i) => ({ id: `inf-${i}`, factors: random.int(1, 3) }));
  return { type: command, data: { turn, navy, infantry } };
}
