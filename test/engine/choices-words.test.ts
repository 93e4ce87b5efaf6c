// What a person reads of a pending decision's choices (src/engine/choices-text/): words with rule numbers, from
// the data, shown by the report under each pending decision.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import { choicesLines } from '../../src/engine/choices-text/menus.js';
import type { GameView } from '../../src/engine/game-view.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import type { PendingDecision } from '../../src/engine/pending-types.js';
import { describePending, withDescription } from '../../src/engine/pending-text.js';
import { summarize } from '../../src/engine/summary.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { italy1943Germany1945 } from '../../src/examples/italian-games.js';
import { stateHtml } from '../../src/report/state.js';
import { escapeHtml } from '../../src/report/escape.js';
import { beforeFirst } from '../support/example-views.js';
import { decisionOf } from '../support/pending-of.js';

const viewBefore = (script: Parameters<typeof beforeFirst>[0], type: OriginEvent['type']): GameView =>
  beforeFirst(script, type).view;

const linesOf = (view: GameView, decision: PendingDecision['decision']): string[] =>
  choicesLines(decisionOf(view, decision));

describe('the words of the choices', () => {
  it('59.23: the answers to the British offer of Summer 1941', () => {
    expect(linesOf(viewBefore(seaLion1941(), 'britain.offer-accepted'), 'respond-to-british-offer')).toEqual([
      'accept the offer (59.41)',
      'reject the offer (59.31)',
    ]);
  });

  it('59.513A: the British force reductions at level -4, nothing yet chosen', () => {
    const lines = linesOf(viewBefore(seaLion1941(), 'britain.forces-selected'), 'select-british-force-reductions');
    expect(lines.slice(0, 3)).toEqual([
      'AAF factors: 8 required (59.512), 0 chosen, 8 missing',
      'BRPs of ground units and NAS: 16 required (59.512), 0 chosen, 16 missing',
      'naval factors: 40 required (59.512), 0 chosen, 40 missing',
    ]);
    expect(lines.at(-1)).toBe('the selection is not yet complete');
    expect(lines.find((l) => l.startsWith('not subject to removal'))).toContain('bomber-command (59.514A)');
  });

  it('59.65, 59.66: the German terms at level -4', () => {
    const lines = linesOf(viewBefore(seaLion1941(), 'britain.terms-demanded'), 'state-german-terms');
    expect(lines[0]).toBe(
      'concession points: 8 for the surrender level, at most 8 (59.65, 59.71); 0 used, 8 left (59.68)',
    );
    expect(lines.at(-1)).toBe('the terms as they stand would be accepted');
  });

  it('56.311: the Axis selection of post-surrender Italian forces at level 0', () => {
    const lines = linesOf(
      viewBefore(italy1943Germany1945(), 'italy.forces-selected'),
      'select-post-surrender-italian-forces',
    );
    expect(lines[0]).toBe('selecting: the Axis player (for Germany) (56.311)');
    expect(lines.find((l) => l.startsWith('may not be selected'))).toBe('may not be selected (56.32): impero (56.32)');
  });

  it('59.513A: the report lists what may be chosen under each pending decision, in words, escaped', () => {
    const view = viewBefore(seaLion1941(), 'britain.forces-selected');
    const html = stateHtml(summarize(view));
    const [selection] = pendingDecisions(view).map(withDescription);
    if (selection === undefined) throw new Error('nothing pending');
    expect(html).toContain(escapeHtml(describePending(selection)));
    expect(html).toContain(
      '<details class="choices"><summary>What may be ' +
        'chosen</summary><ul><li>AAF factors: 8 required (59.512), 0 chosen, 8 missing</li>',
    );
  });
});
