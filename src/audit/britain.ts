// Audit lines for rule 59.
import { renderEffect } from '../../events/effects.js';
import type { EventData, StoredEvent } from '../../events/index.js';
import { turnName } from '../engine/turns.js';
import { britishLineCodes } from '../rules/british-lines.js';
import { wordedLines } from '../rules/line-spec.js';
import { signed } from '../rules/lines.js';
import { breakdownOf, type AuditEntry } from './entry.js';

type Entry = Omit<AuditEntry, 'seq' | 'game'>;

const OUTCOME = {
  'war-continues': 'the U.S. is at war with Germany, so the war continues with force reductions only (59.61)',
  peace: 'peace negotiations follow (59.62)',
  'war-ends-62.91': 'the U.S. and Britain leave the war in Europe (62.91)',
} as const;

/** One unit of a reported pool: id, nationality (and minor country), kind, factors, BRPs, theater, ship. */
const poolLine = (u: EventData<'host.british-force-pool'>['units'][number]): string =>
  [u.id, u.minor === undefined ? u.nationality : `${u.nationality} (${u.minor})`, u.kind, `${u.factors} factors`, `${u.brps} BRPs`, u.theater, ...(u.naval === undefined ? [] : [`${u.naval.type} ${u.naval.status}`])].join(' ');

export function auditBritain(event: StoredEvent): Entry[] {
  switch (event.type) {
    case 'britain.resistance-determined': {
      const d = event.data;
      const prev = d.inputs.previousSurrenderLevel;
      return [
        {
          turn: turnName(d.turn),
          rule: '59.21',
          result: `British resistance level ${signed(d.level)}${prev === undefined ? '' : ` (previous surrender level ${prev}, 59.87)`}; naval ${d.naval.alliedFactors}:${d.naval.axisFactors}`,
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
          result: `Britain offers to surrender at ${signed(d.resistanceLevel)}${d.germanyMustAccept ? '; Germany must accept at -10 or lower (59.23)' : ''}`,
          breakdown: [`59.41 surrender level if accepted ${d.surrenderLevel}`],
        },
      ];
    }
    case 'britain.offer-accepted':
      return [{ turn: turnName(event.data.turn), rule: '59.23', result: 'Germany accepts the British surrender offer', breakdown: [] }];
    case 'britain.offer-rejected':
      return [{ turn: turnName(event.data.turn), rule: '59.32', result: 'Germany rejects the British surrender offer; it lapses and play continues (59.31)', breakdown: [] }];
    case 'britain.surrendered': {
      const d = event.data;
      const r = d.requirements;
      return [
        {
          turn: turnName(d.turn),
          rule: '59.41',
          result: `Britain surrenders at level ${d.surrenderLevel}${d.forced ? ' (forced, 59.23)' : ''}${d.previousSurrenderLevel === null ? '' : `, below its previous ${d.previousSurrenderLevel} (59.872)`}: ${OUTCOME[d.outcome]}`,
          breakdown: [
            `59.512 remove ${r.aafFactors} AAF, ${r.groundNasBrps} BRPs ground/NAS, ${r.navalFactors} naval factors`,
            `59.65 concession points ${d.concessionPoints}`,
            `59.891 Far East: ${d.farEast}`,
            ...d.effects.map((e) => `${e.rule} ${e.code}`),
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
          breakdown: event.data.units.map(poolLine),
        },
      ];
    case 'britain.forces-selected': {
      const inline = event.data.units === undefined ? '' : ` from ${event.data.units.length} units carried inline (a log written before the pool was reported)`;
      return [{ turn: turnName(event.data.turn), rule: '59.513A', result: `The British player selects ${event.data.selection.length} units for removal${inline}`, breakdown: [event.data.selection.join(', ')] }];
    }
    case 'britain.forces-reduced': {
      const d = event.data;
      return [
        {
          turn: turnName(d.turn),
          rule: '59.51',
          result: `British forces reduced: ${d.selected.aafFactors} AAF, ${d.selected.groundNasBrps} BRPs ground/NAS, ${d.selected.navalFactors} naval factors (required ${d.required.aafFactors}/${d.required.groundNasBrps}/${d.required.navalFactors})`,
          breakdown: [...d.removed.map((u) => `${u.id} ${u.kind} ${u.factors}`), `59.871 unbuilt factors added ${d.unbuiltFactorsAdded}`, ...d.effects.filter((e) => e.rule === '59.513E' || e.rule === '59.514E').map((e) => `${e.rule} ${renderEffect(e)}`)],
        },
      ];
    }
    case 'host.british-hex-control':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.632',
          result: `${event.data.unsuppliedHexes.length} unsupplied British hexes pass to German control; ${event.data.fortificationsEliminated.length} fortifications eliminated (59.633)`,
          breakdown: Object.entries(event.data.territories).map(([k, v]) => `${k} ${v}`),
        },
      ];
    case 'britain.terms-demanded': {
      const d = event.data.demand;
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.66',
          result: `Germany demands: take [${d.take.join(', ')}], minors [${d.minors.map((m) => `${m.name}→${m.to}`).join(', ')}], indemnity ${d.indemnityBrps} BRPs, return [${d.return.join(', ')}]`,
          breakdown: event.data.toItaly.length > 0 ? [`59.66G to Italy: ${event.data.toItaly.join(', ')}`] : [],
        },
      ];
    }
    case 'britain.terms-imposed': {
      const d = event.data;
      return [
        {
          turn: turnName(d.turn),
          rule: '59.68',
          result: `Terms imposed: ${d.pointsUsed} of ${d.pointsAvailable} concession points used, ${d.pointsNotTaken} not taken, ${d.pointsReturned} returned`,
          breakdown: [`59.75A resistance ${signed(d.resistanceModifier)}`, `59.75B USAT ${signed(d.usatChange)}`, ...d.effects.map((e) => `${e.rule} ${renderEffect(e)}`)],
        },
      ];
    }
    case 'japan.treaty-decided':
      return [
        {
          turn: turnName(event.data.turn),
          rule: '59.891C',
          result: event.data.adheres ? 'Japan ends hostilities with Britain and adheres to the treaty' : 'Japan declines the treaty and fights on against Britain',
          breakdown: [],
        },
      ];
    case 'host.far-east-hex-control': {
      const d = event.data;
      return [
        {
          turn: turnName(d.turn),
          rule: '59.892A',
          result: `Far East hex control (59.63): ${d.unsuppliedHexes.length} unsupplied British hexes pass to Japanese control; ${d.fortificationsEliminated.length} fortifications eliminated (59.633)`,
          breakdown: d.areas.map((a) => `59.634 ${a.name} ${a.control}`),
        },
      ];
    }
    case 'britain.far-east-settled':
      return [{ turn: turnName(event.data.turn), rule: event.data.japanAdheres ? '59.892' : '59.894', result: 'Far East settled', breakdown: event.data.effects.map((e) => `${e.rule} ${e.code}`) }];
    case 'britain.war-resumed':
      return [
        {
          turn: turnName(event.data.turn),
          rule: event.data.rule,
          result: event.data.rule === '59.86B' ? 'Germany declares war on the U.S.: Britain is at war with Germany again' : 'The U.S. declares war on Germany: the U.S. and Britain are at war with Germany',
          breakdown: event.data.effects.map((e) => `${e.rule} ${e.code}`),
        },
      ];
    case 'britain.brp-floor-lowered':
      return [{ turn: turnName(event.data.turn), rule: '59.81', result: `Britain's BRP base may not drop below ${event.data.floorBrps} BRPs`, breakdown: event.data.effects.map((e) => `${e.rule} ${renderEffect(e)}`) }];
    default:
      return [];
  }
}
