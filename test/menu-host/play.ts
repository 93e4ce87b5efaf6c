// One whole random game played by the menu-only host: world facts from world.ts and reports.ts, every player
// decision built from the choices the engine offers (decisions.ts). Any refusal of a command the host built
// from a menu is a failure of the engine's menus (their soundness), reported with the game's seed.
import type { ExecClient, Json, JsonObject } from './exec-client.js';
import { decide, type Played } from './decisions.js';
import { alliedTurnEnd, gameStart, gameTurnEnd, Random, turnAt, type Schemas, type Turn } from './world.js';

/** What one game reached: the decisions settled, by kind, and the commands the engine accepted. */
export interface GameRecord {
  readonly game: string;
  readonly seed: number;
  readonly decisions: string[];
  readonly menus: number;
  readonly commands: number;
  readonly declarations: number;
}

export class MenuRefused extends Error {}

const TURNS = 12;

export async function playGame(
  client: ExecClient,
  schemas: Schemas,
  seed: number,
  number: number,
): Promise<GameRecord> {
  const game = `menu-${number}`;
  const random = new Random(seed);
  const record = { game, seed, decisions: [] as string[], menus: 0, commands: 0, declarations: 0 };
  const played: Played = {
    execute: async (command, why) => {
      const response = await client.ask({ op: 'execute', game, command });
      if (response['ok'] !== true)
        throw new MenuRefused(
          `${game} (seed ${seed}): ${why} was refused: ${JSON.stringify(response['rejection'])}\ncommand: ` +
            `${JSON.stringify(command).slice(0, 2000)}`,
        );
      record.commands += 1;
      return response;
    },
    menu: async (command) => {
      record.menus += 1;
      return client.ask({ op: 'pending', game, tried: command });
    },
  };
  await played.execute(gameStart(schemas, random, number), 'the start of the game');
  for (let t = 0; t < TURNS; t += 1) {
    const turn = turnAt(t);
    if (random.chance(0.2)) record.declarations += await declareWar(client, played, random, game, turn);
    await played.execute(
      alliedTurnEnd(random, turn),
      `the end of the Allied player turn of ${turn.season} ${turn.year}`,
    );
    await settle(client, played, schemas, random, game, turn, record.decisions);
    await played.execute(gameTurnEnd(random, turn), `the end of the game turn of ${turn.season} ${turn.year}`);
    await settle(client, played, schemas, random, game, turn, record.decisions);
    const state = await client.ask({ op: 'state', game });
    if (europeWarEnded(state)) break;
  }
  return record;
}

/** Settles every pending decision, in a random order, each from its menu. */
async function settle(
  client: ExecClient,
  played: Played,
  schemas: Schemas,
  random: Random,
  game: string,
  turn: Turn,
  seen: string[],
): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    const response = await client.ask({ op: 'pending', game });
    const pending = response['pending'];
    if (!Array.isArray(pending) || pending.length === 0) return;
    const decision = random.pick(pending) as JsonObject;
    seen.push(String(decision['decision']));
    await decide(played, schemas, random, decision, turn);
  }
  throw new MenuRefused(`${game}: decisions still pending after 20 rounds`);
}

/** A war declaration the engine's menu allows now, if any. */
async function declareWar(
  client: ExecClient,
  played: Played,
  random: Random,
  game: string,
  turn: Turn,
): Promise<number> {
  const response = await client.ask({ op: 'declarations', game });
  const menu = response['declarations'];
  if (!Array.isArray(menu))
    throw new MenuRefused(`${game}: no declarations menu: ${JSON.stringify(response).slice(0, 500)}`);
  const allowed = menu.filter(
    (d): d is JsonObject => typeof d === 'object' && d !== null && !Array.isArray(d) && d['allowed'] === true,
  );
  if (allowed.length === 0) return 0;
  const choice = random.pick(allowed);
  const aggressor = choice['aggressor'] as Json;
  await played.execute(
    {
      type: 'war.declared',
      data: {
        turn,
        aggressor,
        targets: [choice['target'] as Json],
        usatLevel: aggressor === 'us' ? random.int(50, 60) : null,
      },
    },
    `a declaration of war the menu allowed (${String(aggressor)} on ${String(choice['target'])})`,
  );
  return 1;
}

function europeWarEnded(state: JsonObject): boolean {
  const summary = state['state'];
  if (typeof summary !== 'object' || summary === null || Array.isArray(summary)) return false;
  const ended = summary['europeWarEnded'];
  return ended !== undefined && ended !== null && ended !== false;
}
