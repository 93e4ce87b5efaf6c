// Audit lines for rule 59.
import { renderEffect } from '../../events/effects.js';
import type { EventData, StoredEvent } from '../../events/index.js';
import { turnName } from '../rules/turns.js';
import { britishLineCodes } from '../rules/british-lines.js';
import { wordedLines } from '../rules/line-spec.js';
import { signed } from '../rules/lines.js';
import { breakdownOf, type Draft } from './entry.js';
import { controlRow, fortificationsRow, poolUnitRow } from './unit-words.js';

type Entry = Draft;

/** The outcome in the headline, and in full in the breakdown. */
export const OUTCOME = {
  'war-continues': {
    short: 'the war continues (59.61)',
    full: '59.61 the U.S. is at war with Germany, so the war continues with force reductions only',
  },
  peace: {
    short: 'peace negotiations follow (59.62)',
    full: '59.62 the U.S. was not at war in Europe: a peace treaty is negotiated',
  },
  'war-ends-62.91': {
    short: 'the U.S. and Britain leave the war (62.91)',
    full: '62.91 the U.S. and Britain leave the war in Europe',
  },
} as const;

/** 59.891: where Japan stands when Britain surrenders. */
const FAR_EAST: Readonly<Record<EventData<'britain.surrendered'>['farEast'], string>> = {
  'not-in-play': 'the Far East is not in play in this game',
  'not-at-war': 'Japan is at war with neither Britain nor the U.S. (59.891A)',
  'at-war-with-both': 'Japan is at war with Britain and the U.S.: the surrender takes effect only in Europe (59.891B)',
  'japan-chooses': 'Japan is at war with Britain but not the U.S.: the Japanese player chooses (59.891C)',
};

const names = (xs: readonly string[]): string => (xs.length === 0 ? 'none' : xs.join(', '));

export function auditBritain(event: StoredEvent): Entry[] {
  switch (event.type) {
    case 'britain.resistance-determined': {
      const d = event.data;
      const prev = d.inputs.previousSurrenderLevel;
      return [
        {
          turn: turnName(d.turn),
          rule: '59.21',
          result:
            `British resistance level ${signed(d.level)}; naval ${d.naval.alliedFactors}:${d.naval.axisFactors}` +
            `${prev === undefined ? '' : `; previous level ${prev} (59.87)`}`,
          breakdown: breakdownOf(wordedLines(britishLineCodes, d.lines)),
        },
      ];
    }
    case 'britain.surrender-offered': {
      const d = event.data;
      return [
        {
          turn: turnName(d.turn),
          rule: d.previousSurrenderLevel === null ? '59.12' : '59.87',
          result:
            `Britain offers to surrender at ` +
            `${signed(d.resistanceLevel)}${d.germanyMustAccept ? ': Germany must accept (59.23)' : ''}`,
          breakdown: [`59.41 surrender level if accepted ${d.surrenderLevel}`],
        },
      ];
    }
    case 'britain.offer-accepted':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.23',
          result: 'Germany accepts the British surrender offer',
          breakdown: [],
        },
      ];
    case 'britain.offer-rejected':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.32',
          result: 'Germany rejects the British offer: it lapses and play continues (59.31)',
          breakdown: [],
        },
      ];
    case 'britain.surrendered': {
      const d = event.data;
      const r = d.requirements;
      return [
        {
          turn: turnName(d.turn),
          rule: '59.41',
          result:
            `Britain surrenders at level ${d.surrenderLevel}${d.forced ? ', forced' : ''}: ` +
            `${OUTCOME[d.outcome].short}`,
          breakdown: [
            ...(d.forced ? ['59.23 forced: at -10 or lower Germany had to accept the offer'] : []),
            ...(d.previousSurrenderLevel === null
              ? []
              : [`59.872 below its previous surrender level ${d.previousSurrenderLevel}`]),
            OUTCOME[d.outcome].full,
            `59.512 remove ${r.aafFactors} AAF, ${r.groundNasBrps} BRPs ground/NAS, ${r.navalFactors} naval factors`,
            `59.65 concession points ${d.concessionPoints}`,
            `59.891 ${FAR_EAST[d.farEast]}`,
            ...d.effects.map((e) => `${e.rule} ${renderEffect(e)}`),
          ],
        },
      ];
    }
    case 'host.british-force-pool':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.513',
          result: `The host reports the British force pool: ${event.data.units.length} units`,
          breakdown: event.data.units.map(poolUnitRow),
        },
      ];
    case 'britain.forces-selected': {
      const inline =
        event.data.units === undefined
          ? []
          : [
              `59.513A from ${event.data.units.length} units ` +
                `carried inline (a log written before the pool was reported)`,
            ];
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.513A',
          result: `The British player selects ${event.data.selection.length} units for removal`,
          breakdown: [event.data.selection.join(', '), ...inline],
        },
      ];
    }
    case 'britain.forces-reduced': {
      const d = event.data;
      return [
        {
          turn: turnName(d.turn),
          rule: '59.51',
          result:
            `British forces reduced: ${d.selected.aafFactors} AAF, ${d.selected.groundNasBrps} BRPs ` +
            `ground/NAS, ${d.selected.navalFactors} naval factors`,
          breakdown: [
            `59.512 required ${d.required.aafFactors} AAF, ${d.required.groundNasBrps} BRPs ground/NAS, ` +
              `${d.required.navalFactors} naval factors`,
            ...d.removed.map((u) => `${u.id} ${u.kind} ${u.factors}`),
            `59.871 unbuilt factors added ${d.unbuiltFactorsAdded}`,
            ...d.effects
              .filter((e) => e.rule === '59.513E' || e.rule === '59.514E')
              .map((e) => `${e.rule} ${renderEffect(e)}`),
          ],
        },
      ];
    }
    case 'host.british-hex-control':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.632',
          result: `${event.data.unsuppliedHexes.length} unsupplied British hexes pass to German control`,
          breakdown: [
            fortificationsRow(event.data.fortificationsEliminated.length),
            ...Object.entries(event.data.territories).map(([k, v]) => `59.632 ${controlRow(k, v)}`),
          ],
        },
      ];
    case 'britain.terms-demanded': {
      const d = event.data.demand;
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.66',
          result:
            `Germany demands ${d.take.length} territories, ${d.minors.length} minor countries, an indemnity ` +
            `of ${d.indemnityBrps} BRPs`,
          breakdown: [
            `59.66 take ${names(d.take)}`,
            `59.66 minors ${names(d.minors.map((m) => `${m.name}→${m.to}`))}`,
            `59.66 return ${names(d.return)}`,
            ...(event.data.toItaly.length > 0 ? [`59.66G to Italy: ${event.data.toItaly.join(', ')}`] : []),
          ],
        },
      ];
    }
    case 'britain.terms-imposed': {
      const d = event.data;
      return [
        {
          turn: turnName(d.turn),
          rule: '59.68',
          result:
            `Terms imposed: ${d.pointsUsed} of ${d.pointsAvailable} concession points used, ` +
            `${d.pointsNotTaken} not taken, ${d.pointsReturned} returned`,
          breakdown: [
            `59.75A resistance ${signed(d.resistanceModifier)}`,
            `59.75B USAT ${signed(d.usatChange)}`,
            ...d.effects.map((e) => `${e.rule} ${renderEffect(e)}`),
          ],
        },
      ];
    }
    case 'japan.treaty-decided':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.891C',
          result: event.data.adheres
            ? 'Japan ends hostilities with Britain and adheres to the treaty'
            : 'Japan declines the treaty and fights on against Britain',
          breakdown: [],
        },
      ];
    case 'host.far-east-hex-control': {
      const d = event.data;
      return [
        {
          turn: turnName(d.turn),
          rule: '59.892A',
          result: `Far East: ${d.unsuppliedHexes.length} unsupplied British hexes pass to Japanese control (59.63)`,
          breakdown: [
            fortificationsRow(d.fortificationsEliminated.length),
            ...d.areas.map((a) => `59.634 ${controlRow(a.name, a.control)}`),
          ],
        },
      ];
    }
    case 'britain.far-east-settled':
      return [
        {
          turn: turnName(event.data.turn),
          rule: event.data.japanAdheres ? '59.892' : '59.894',
          result: 'Far East settled',
          breakdown: event.data.effects.map((e) => `${e.rule} ${renderEffect(e)}`),
        },
      ];
    case 'britain.war-resumed':
      return [
        {
          turn: turnName(event.data.turn),
          rule: event.data.rule,
          result:
            event.data.rule === '59.86B'
              ? 'Germany declares war on the U.S.: Britain is at war with Germany again'
              : 'The U.S. declares war on Germany: it and Britain are at war with Germany',
          breakdown: event.data.effects.map((e) => `${e.rule} ${renderEffect(e)}`),
        },
      ];
    case 'britain.brp-floor-lowered':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.81',
          result: `Britain's BRP base may not drop below ${event.data.floorBrps} BRPs`,
          breakdown: event.data.effects.map((e) => `${e.rule} ${renderEffect(e)}`),
        },
      ];
    default:
      return [];
  }
}
