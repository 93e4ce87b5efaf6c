// Rule 59 in the engine: the host reports and player decisions it validates (the limits on declarations of
// war after a surrender are in war-declarations.ts).
import type { Effect } from '../../../events/effects.js';
import { negotiateConcessions, refineConcessions, type ConcessionEffects } from '../../rules/concessions.js';
import { accept, reject, rejectViolations, type OriginDeciders } from '../decision.js';
import { turnIndex, turnName } from '../../rules/turns.js';
import { italianShipsAfterDisposition } from './naval-report.js';
import { britishGameTurnEnd } from './resistance.js';
import { surrenderEvents } from './surrender.js';
import { concessionsInputFor, currentSurrender, malformed, withPrevious } from './current.js';
import { britishForceDeciders } from './forces.js';
import { farEastDeciders } from './far-east.js';
import { refuseBy } from '../refuse.js';
import { italyMayTakeTerritory, toItalyRefusal } from './to-italy.js';
import { hexControlContradiction } from '../contradictions.js';

/** 59.66-59.67, 59.72, 59.75: the terms' effects as records the host can act on. */
function termsEffects(
  effects: ConcessionEffects,
  toItaly: readonly string[],
  notTaken: number,
  returned: number,
  usatChange: number,
  resistanceModifier: number,
): Effect[] {
  const out: Effect[] = [];
  for (const t of effects.territoriesCeded) {
    out.push({
      rule: '59.66',
      code: 'territory-ceded',
      params: { territory: t.key, value: t.value, to: toItaly.includes(t.key) ? 'italy' : 'germany' },
    });
  }
  out.push({
    rule: '59.66B',
    code: 'russian-units-in-neutral-britain',
    params: {},
  });
  for (const m of effects.minorsNeutralized)
    out.push({ rule: '59.66E', code: 'minor-neutralized', params: { name: m.name, value: m.value } });
  for (const m of effects.minorsToAxis)
    out.push({ rule: '59.66E', code: 'minor-to-axis', params: { name: m.name, value: m.value } });
  out.push({
    rule: '59.66F',
    code: effects.wafdists.eliminated ? 'wafdists-eliminated' : 'wafdists-remain',
    params: { cause: effects.wafdists.cause },
  });
  if (effects.usatAsConquest.length > 0) {
    out.push({ rule: '59.66H', code: 'usat-as-conquest', params: { conquests: [...effects.usatAsConquest] } });
  }
  if (effects.indemnity.brps > 0) {
    out.push({
      rule: '59.67',
      code: 'indemnity',
      params: {
        brps: effects.indemnity.brps,
        britishBrpChange: effects.indemnity.britishBrpChange,
        germanBrpChange: effects.indemnity.germanBrpChange,
      },
    });
  }
  for (const t of effects.territoriesReturned)
    out.push({ rule: '59.72', code: 'territory-returned', params: { territory: t.key, value: t.value } });
  if (notTaken + returned > 0) {
    out.push(
      { rule: '59.75A', code: 'resistance-reduced', params: { notTaken, returned, modifier: resistanceModifier } },
      { rule: '59.75B', code: 'usat-reduced', params: { change: usatChange } },
    );
  }
  out.push({ rule: '59.74', code: 'force-reductions-unaffected', params: {} });
  return out;
}

const britishNegotiationDeciders: OriginDeciders<
  | 'host.game-turn-ended'
  | 'britain.offer-accepted'
  | 'britain.offer-rejected'
  | 'host.british-hex-control'
  | 'britain.terms-demanded'
> = {
  'host.game-turn-ended': (view, data) => {
    if (turnIndex(data.turn) <= view.world.gameTurnEndedAt)
      return reject('out-of-sequence', 'sequence', `${turnName(data.turn)} has already ended`);
    return italianShipsAfterDisposition(view, data) ?? accept(britishGameTurnEnd(view, data));
  },

  // 59.23, 59.41: the British machine takes the answer only to the pending offer, in its turn (59.12, 59.32).
  'britain.offer-accepted': (view, data) => {
    const refused = refuseBy(view.britain, { type: 'britain.offer-accepted', data });
    if (refused !== null) return refused;
    const { offer } = view.britain.context;
    if (offer === null) throw new Error('the British machine took an answer with no offer recorded');
    return accept([{ type: 'britain.offer-accepted', data }, ...surrenderEvents(view, offer, false)]);
  },

  // 59.31, 59.32: the offer lapses (the machine refuses a forced one, 59.23).
  'britain.offer-rejected': (view, data) =>
    refuseBy(view.britain, { type: 'britain.offer-rejected', data }) ??
    accept([{ type: 'britain.offer-rejected', data }]),

  'host.british-hex-control': (view, data) => {
    const refused = refuseBy(view.britain, { type: 'host.british-hex-control', data });
    if (refused !== null) return refused;
    const contradiction = hexControlContradiction(data);
    if (contradiction !== null) return contradiction;
    const surrender = currentSurrender(view);
    const issue = refineConcessions({
      surrenderLevel: surrender.surrenderLevel,
      ...withPrevious(surrender.previousSurrenderLevel),
      usAtWarWithGermany: false,
      territories: data.territories,
      minors: data.minors,
      originallyBritish: data.originallyBritish,
      returnedInEarlierSurrender: [],
      axisControls: data.axisControls,
      demand: { take: [], minors: [], indemnityBrps: 0, return: [] },
    });
    return issue === null ? accept([{ type: 'host.british-hex-control', data }]) : malformed(issue.path, issue.detail);
  },

  'britain.terms-demanded': (view, data) => {
    const refused = refuseBy(view.britain, { type: 'britain.terms-demanded', data });
    if (refused !== null) return refused;
    const input = concessionsInputFor(view, data.demand);
    const issue = refineConcessions(input);
    if (issue !== null) return malformed(issue.path, issue.detail);
    const { result, effects } = negotiateConcessions(input);
    if (!result.legal || effects === null)
      return rejectViolations(result.violations, '59.66', 'the demand breaks 59.6');
    const italian = toItalyRefusal(italyMayTakeTerritory(view), effects.mayPassToItaly, data.toItaly);
    if (italian !== null) {
      return reject(
        'illegal',
        italian.rule,
        italian.code === 'italy-surrendered'
          ? `Italy has surrendered and is out of the war (56.52), so ${italian.key} cannot come under Italian control`
          : `${italian.key} is not a Mediterranean-front territory ` +
              `ceded by these terms, so it cannot come under Italian control`,
      );
    }
    if (new Set(data.toItaly).size !== data.toItaly.length) return malformed('toItaly', 'a territory is named twice');
    return accept([
      { type: 'britain.terms-demanded', data },
      {
        type: 'britain.terms-imposed',
        data: {
          turn: data.turn,
          pointsAvailable: result.pointsAvailable,
          pointsUsed: result.pointsUsed,
          pointsNotTaken: result.pointsNotTaken,
          pointsReturned: result.pointsReturned,
          resistanceModifier: result.resistanceModifier,
          usatChange: result.usatChange,
          taken: [...data.demand.take],
          returned: [...data.demand.return],
          toItaly: [...data.toItaly],
          indemnityBrps: data.demand.indemnityBrps,
          effects: termsEffects(
            effects,
            data.toItaly,
            result.pointsNotTaken,
            result.pointsReturned,
            result.usatChange,
            result.resistanceModifier,
          ),
        },
      },
    ]);
  },
};

export const britishDeciders = { ...britishNegotiationDeciders, ...britishForceDeciders, ...farEastDeciders };
