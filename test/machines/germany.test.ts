// Rule 55: the Germany machine on its own.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { eventDefinitions } from '../../events/index.js';
import { awaitingNow, awaitingStates } from '../../machines/awaited.js';
import { germanyHasSurrendered, germanyMachine, germanyMachineEvents } from '../../machines/germany.js';
import { first } from './support.js';

describe('the Germany machine', () => {
  const surrender = first('italy-1943-germany-1945', 'germany.surrendered');

  it('55.11: recordSurrender keeps the surrender; Germany is then surrendered for good (55.31)', () => {
    const [start] = initialTransition(germanyMachine);
    expect([start.value, germanyHasSurrendered(start)]).toEqual(['atWar', false]);
    const [after] = transition(germanyMachine, start, { type: 'germany.surrendered', data: surrender });
    expect([after.value, after.context.surrender, after.status, germanyHasSurrendered(after)]).toEqual([
      'surrendered',
      surrender,
      'done',
      true,
    ]);
  });

  it('55.1: the machine takes only germany.surrendered', () => {
    expect([...germanyMachineEvents]).toEqual(['germany.surrendered']);
  });

  it(
    '55: no state awaits a decision, and the machine takes no ' +
      'command of a player or the host: the engine decides the surrender',
    () => {
      const [start] = initialTransition(germanyMachine);
      const [after] = transition(germanyMachine, start, { type: 'germany.surrendered', data: surrender });
      expect([awaitingStates(germanyMachine), awaitingNow(start), awaitingNow(after)]).toEqual([[], [], []]);
      const sources = [...germanyMachineEvents].map(
        (type) => Object.values(eventDefinitions).find((d) => d.type === type)?.source,
      );
      expect(sources).toEqual(['engine']);
    },
  );
});
