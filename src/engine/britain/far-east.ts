// 59.891C-59.894 in the engine: Japan's choice when it is at war with Britain but not the U.S., and, when it
// adheres to the treaty, the Far East hex control the host reports (59.892A: determined by 59.63).
import type { EventData } from '../../../events/index.js';
import type { Effect } from '../../../events/effects.js';
import { accept, type OriginDeciders } from '../decision.js';
import { farEastAreaContradiction, hexControlContradiction } from '../contradictions.js';
import { refuseBy } from '../refuse.js';

type FarEastReport = EventData<'host.far-east-hex-control'>;

const ASIA_REDUCTIONS: Effect = { rule: '59.893', code: 'asia-units-subject-to-reductions', params: { settled: true } };

/** 59.892A-C: the effects of Japan's adherence, from the hex control the host reported. */
function adherenceEffects(report: FarEastReport): Effect[] {
  const effects: Effect[] = [{ rule: '59.892A', code: 'far-east-hex-control', params: {} }];
  if (report.unsuppliedHexes.length > 0) {
    effects.push({
      rule: '59.632',
      code: 'far-east-unsupplied-hexes-to-japan',
      params: { hexes: [...report.unsuppliedHexes] },
    });
  }
  if (report.fortificationsEliminated.length > 0) {
    effects.push({
      rule: '59.633',
      code: 'far-east-fortifications-eliminated',
      params: { hexes: [...report.fortificationsEliminated] },
    });
  }
  const japanese = report.areas.filter((a) => a.control === 'japanese').map((a) => a.name);
  const british = report.areas.filter((a) => a.control === 'british').map((a) => a.name);
  if (japanese.length > 0) {
    effects.push({ rule: '59.634', code: 'far-east-areas-to-japan', params: { areas: japanese } });
  }
  if (british.length > 0) {
    effects.push({ rule: '59.634', code: 'far-east-areas-to-britain', params: { areas: british } });
  }
  effects.push(
    { rule: '59.892B', code: 'no-far-east-concessions', params: {} },
    { rule: '59.892C', code: 'japan-may-resume', params: {} },
    ASIA_REDUCTIONS,
  );
  return effects;
}

export const farEastDeciders: OriginDeciders<'japan.treaty-decided' | 'host.far-east-hex-control'> = {
  'japan.treaty-decided': (view, data) => {
    const refused = refuseBy(view.britain, { type: 'japan.treaty-decided', data });
    if (refused !== null) return refused;
    // 59.892A: the effects of adherence wait for the Far East hex control the host reports.
    if (data.adheres) return accept([{ type: 'japan.treaty-decided', data }]);
    const effects: Effect[] = [{ rule: '59.894', code: 'far-east-war-continues', params: {} }, ASIA_REDUCTIONS];
    return accept([
      { type: 'japan.treaty-decided', data },
      { type: 'britain.far-east-settled', data: { turn: data.turn, japanAdheres: false, effects } },
    ]);
  },

  'host.far-east-hex-control': (view, data) => {
    // 59.892A: the British machine awaits the report once Japan adheres.
    return (
      refuseBy(view.britain, { type: 'host.far-east-hex-control', data }) ??
      hexControlContradiction(data) ??
      farEastAreaContradiction(data.areas) ??
      accept([
        { type: 'host.far-east-hex-control', data },
        {
          type: 'britain.far-east-settled',
          data: { turn: data.turn, japanAdheres: true, effects: adherenceEffects(data) },
        },
      ])
    );
  },
};
