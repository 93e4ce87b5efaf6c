// The completeness check the model tests run on every accepted command (test/support/menu-completeness.ts) is
// itself checked here: it passes the bundled games' own decisions and fails on commands no menu offered.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { italy1943Germany1945 } from '../../src/examples/italian-games.js';
import { beforeFirst } from '../support/example-views.js';
import { expectExpressible } from '../support/menu-completeness.js';

describe('the completeness check of the menus', () => {
  it(
    "59.513A, 59.66, 56.311: the bundled games' own selections, terms and allocations are expressible from their " +
      'menus',
    () => {
      for (const [script, type] of [
        [seaLion1941(), 'britain.forces-selected'],
        [seaLion1941(), 'britain.terms-demanded'],
        [seaLion1941(), 'britain.offer-accepted'],
        [italy1943Germany1945(), 'italy.forces-selected'],
      ] as const) {
        const { view, command } = beforeFirst(script, type);
        expect(() => expectExpressible(view, command)).not.toThrow();
      }
    },
  );

  it('59.514A: a selection holding an exempt unit (a strategic bomber) was never offered', () => {
    const { view, command } = beforeFirst(seaLion1941(), 'britain.forces-selected');
    if (command.type !== 'britain.forces-selected') throw new Error('not a selection');
    const withBomber: OriginEvent = {
      ...command,
      data: { ...command.data, selection: ['bomber-command', ...command.data.selection] },
    };
    expect(() => expectExpressible(view, withBomber)).toThrow(/59\.513A: bomber-command/);
  });

  it('59.66: terms taking southern England (priority 8) before every eligible lower priority are never offered', () => {
    const { view, command } = beforeFirst(seaLion1941(), 'britain.terms-demanded');
    if (command.type !== 'britain.terms-demanded') throw new Error('not terms');
    const taking: OriginEvent = {
      ...command,
      data: { ...command.data, demand: { ...command.data.demand, take: ['southern-england'], return: [] } },
    };
    expect(() => expectExpressible(view, taking)).toThrow(/59\.66/);
  });

  it('56.311: an Allied selection while the Axis player selects first was never offered', () => {
    const { view, command } = beforeFirst(italy1943Germany1945(), 'italy.forces-selected');
    if (command.type !== 'italy.forces-selected') throw new Error('not a selection');
    expect(() => expectExpressible(view, { ...command, data: { ...command.data, side: 'allied' } })).toThrow();
  });
});
