// The menu-only host's players: each pending decision is answered from its `choices` alone. A selection or a
// demand is built one random pick at a time among what the menu says may be added, asking for the menu again
// with the partial command (`pending` with `tried`), and sent once the menu says it is complete; answers among the
// allowed ones; reports are built from the host's world (reports.ts).
import type { Json, JsonObject } from './exec-client.js';
import { britishHexControl, farEastHexControl, forcePool, italianForces } from './reports.js';
import type { Random, Schemas, Turn } from './world.js';

export interface Played {
  execute(command: JsonObject, why: string): Promise<JsonObject>;
  /** What is pending with `command` tried: the menu of its decision as its picks leave it. */
  menu(command: JsonObject): Promise<JsonObject>;
}

const objects = (value: Json | undefined): JsonObject[] =>
  Array.isArray(value)
    ? value.filter((v): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v))
    : [];
const object = (value: Json | undefined): JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

/** The menu of the same decision as a command being built leaves it (the `pending` op with `tried`). */
async function menuWith(played: Played, command: JsonObject, name: string): Promise<JsonObject> {
  const response = await played.menu(command);
  const decision = objects(response['pending']).find((p) => p['decision'] === name);
  if (decision === undefined)
    throw new Error(
      `${name}: the menu for ${JSON.stringify(command).slice(0, 500)} has no such decision: ` +
        `${JSON.stringify(response).slice(0, 800)}`,
    );
  return object(decision['choices']);
}

/** Picks among the answers the menu allows (59.23, 59.891C). */
async function answer(played: Played, random: Random, decision: JsonObject): Promise<void> {
  const allowed = objects(object(decision['choices'])['answers']).filter((a) => a['allowed'] === true);
  const command = object(random.pick(allowed)['command']);
  await played.execute(command, `an answer the menu of ${String(decision['decision'])} allowed`);
}

/**
 * Builds a selection by ids one random addable unit at a time, reading the menu again after each pick; `build`
 * makes the command from the picks. Sends it once the menu says it is complete.
 */
async function select(
  played: Played,
  random: Random,
  decision: JsonObject,
  build: (picks: readonly string[]) => JsonObject,
): Promise<void> {
  const name = String(decision['decision']);
  let choices = object(decision['choices']);
  const picks: string[] = [];
  for (let step = 0; step < 5000; step += 1) {
    if (choices['complete'] === true) {
      await played.execute(build(picks), `the selection built from the menu of ${name} (${picks.join(', ')})`);
      return;
    }
    const addable = objects(choices['units']).filter((u) => u['canAdd'] === true);
    if (addable.length === 0)
      throw new Error(
        `${name}: the menu is incomplete with nothing to add, after ${picks.join(', ') || 'no pick'}: ` +
          `${JSON.stringify(choices).slice(0, 1500)}`,
      );
    picks.push(String(random.pick(addable)['id']));
    choices = await menuWith(played, build(picks), name);
  }
  throw new Error(`${name}: no complete selection after 5000 picks`);
}

type Demand = { take: string[]; minors: { name: string; to: string }[]; indemnityBrps: number; return: string[] };

/** 59.6, 59.7: terms built one allowed item at a time, stopping at random (every step is legal terms). */
async function terms(played: Played, random: Random, decision: JsonObject): Promise<void> {
  const turn = decision['turn'] as Json;
  const demand: Demand = { take: [], minors: [], indemnityBrps: 0, return: [] };
  const toItaly: string[] = [];
  const command = (): JsonObject => ({
    type: 'britain.terms-demanded',
    data: { turn, demand: { ...demand, minors: demand.minors.map((m) => ({ ...m })) }, toItaly: [...toItaly] },
  });
  let choices = object(decision['choices']);
  for (let step = 0; step < 60 && !random.chance(0.15); step += 1) {
    const options: (() => void)[] = [];
    for (const t of objects(choices['territories'])) {
      const key = String(t['key']);
      if (object(t['take'])['allowed'] === true) options.push(() => demand.take.push(key));
      if (object(t['return'])['allowed'] === true) options.push(() => demand.return.push(key));
    }
    for (const m of objects(choices['minors'])) {
      const name = String(m['name']);
      for (const to of ['neutral', 'axis'] as const) {
        if (object(m[to])['allowed'] === true)
          options.push(() => (demand.minors = [...demand.minors.filter((d) => d.name !== name), { name, to }]));
      }
    }
    for (const s of objects(object(choices['indemnity'])['steps']))
      if (s['allowed'] === true) options.push(() => (demand.indemnityBrps = Number(s['brps'])));
    for (const i of objects(choices['toItaly']))
      if (i['allowed'] === true) options.push(() => toItaly.push(String(i['key'])));
    if (options.length === 0) break;
    random.pick(options)();
    choices = await menuWith(played, command(), 'state-german-terms');
    // 59.71: terms built from allowed items are legal at every step.
    if (choices['complete'] !== true)
      throw new Error(
        `state-german-terms: terms built from allowed items are not complete: ${JSON.stringify(command())}`,
      );
  }
  await played.execute(
    command(),
    `terms built from the menu of state-german-terms (${JSON.stringify(command()['data'])})`,
  );
}

export async function decide(
  played: Played,
  schemas: Schemas,
  random: Random,
  decision: JsonObject,
  turn: Turn,
): Promise<void> {
  const name = String(decision['decision']);
  const at = (decision['turn'] as Turn | undefined) ?? turn;
  switch (name) {
    case 'respond-to-british-offer':
    case 'decide-japanese-adherence':
      return answer(played, random, decision);
    case 'report-british-force-pool':
      await played.execute(forcePool(schemas, random, at), 'the British force pool report');
      return;
    case 'report-british-hex-control':
      await played.execute(britishHexControl(schemas, random, at), 'the British hex control report');
      return;
    case 'report-far-east-hex-control':
      await played.execute(farEastHexControl(schemas, random, at), 'the Far East hex control report');
      return;
    case 'report-italian-forces':
      await played.execute(italianForces(schemas, random, at), "the report of Italy's forces");
      return;
    case 'select-british-force-reductions':
      return select(played, random, decision, (picks) => ({
        type: 'britain.forces-selected',
        data: { turn: at, selection: [...picks] },
      }));
    case 'select-post-surrender-italian-forces': {
      const units = new Map(
        objects(object(decision['choices'])['units']).map((u) => [String(u['id']), String(u['category'])]),
      );
      const side = decision['side'] as Json;
      return select(played, random, decision, (picks) => {
        const selection: Record<string, string[]> = { infantry: [], namedShips: [], cruisers: [], destroyers: [] };
        for (const id of picks) selection[units.get(id) ?? 'infantry']?.push(id);
        return { type: 'italy.forces-selected', data: { turn: at, side, selection } };
      });
    }
    case 'state-german-terms':
      return terms(played, random, decision);
    default:
      throw new Error(`a decision the menu-only host does not know: ${name}`);
  }
}
