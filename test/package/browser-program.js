// A browser program on awaw-surrender/core alone, bundled by test/package/core-browser.test.ts. It plays the commands
// of a log (its host facts and player decisions, in order) through the Decider up to the last seq of `game.stops`,
// and leaves in globalThis.played, as JSON text: how many commands it played, the events each command but a
// host.logged appended, what was pending (with its words) after the command at each stop, and the rejection of the
// last command sent again.
import { decide, definitionOf, describePending, evolve, initialState, pendingDecisions } from 'awaw-surrender/core';
import game from './game.json';

const isCommand = (event) => ['host', 'player'].includes(definitionOf(event.type)?.source);
const commands = game.events.filter((event) => event.seq <= Math.max(...game.stops) && isCommand(event));

let view;
const appended = [];
const stops = [];
for (const { seq, type, data } of commands) {
  const decision = decide(view, { type, data });
  if (!decision.ok) throw new Error(`${type}: ${decision.rejection.rule}: ${decision.rejection.message}`);
  for (const event of decision.events)
    view = event.type === 'host.game-started' ? initialState(game.name, event.data) : evolve(view, event);
  if (type !== 'host.logged') appended.push(decision.events.map((event) => event.type));
  if (game.stops.includes(seq)) {
    const pending = pendingDecisions(view);
    stops.push({ seq, pending, words: pending.map(describePending) });
  }
}
const last = commands.at(-1);
const again = decide(view, { type: last.type, data: last.data });
globalThis.played = JSON.stringify({
  commands: commands.length,
  appended,
  stops,
  again: again.ok ? null : again.rejection,
});
