// Rule 59: the British machine is the only gate of Britain's commands. A command it cannot take now is
// refused with the rule its states name (machines/britain-refusals.ts); the deciders re-check no phase.
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import type { BritainMachineEvent } from '../../machines/britain.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { turn } from '../support/fixtures.js';
import { decideChecked, play, viewAfter } from '../support/given.js';
import { accept, gameTurnEnded, rejectOffer, seaLionStart, selectForces } from '../support/british-fixtures.js';

const su41 = turn('summer', 1941);
const farEastReport: OriginEvent = {
  type: 'host.far-east-hex-control',
  data: { turn: su41, unsuppliedHexes: [], fortificationsEliminated: [], areas: [] },
};

/** The rejection of `command` after `history`, and whether the British machine could take it there. */
function refusal(history: readonly DomainEvent[], command: OriginEvent) {
  const view = viewAfter(history);
  const decision = decideChecked(view, command);
  return {
    takes: view?.britain.can(command as BritainMachineEvent),
    rejection: decision.ok ? null : decision.rejection,
  };
}

describe('59: the British machine gates each British command', () => {
  it("59.12: an acceptance with no offer pending is refused with the machine's rule", () => {
    expect(refusal(play([seaLionStart(), gameTurnEnded(su41)]), accept(su41))).toEqual({
      takes: false,
      rejection: { code: 'not-pending', rule: '59.12', message: 'Britain has made no surrender offer' },
    });
  });

  it(
    "59.23: a rejection of an offer at -10 or lower (surrendered at once, forced) is refused with the machine's " +
      'rule',
    () => {
      expect(refusal(play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -12 })]), rejectOffer(su41))).toEqual({
        takes: false,
        rejection: {
          code: 'not-pending',
          rule: '59.23',
          message:
            'the British offer of Summer 1941 was at -10 or ' +
            'lower, so Germany had to accept it: Britain has surrendered',
        },
      });
    },
  );

  it("59.513A: a selection before any force reduction is refused with the machine's rule", () => {
    expect(refusal(play([seaLionStart(), gameTurnEnded(su41)]), selectForces(su41, ['aaf-3']))).toEqual({
      takes: false,
      rejection: {
        code: 'not-pending',
        rule: '59.513A',
        message: 'no British force reduction is awaiting a selection',
      },
    });
  });

  it("59.513: a selection before the force pool is reported is refused with the machine's rule", () => {
    expect(
      refusal(
        play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -1 }), accept(su41)]),
        selectForces(su41, ['aaf-3']),
      ),
    ).toEqual({
      takes: false,
      rejection: {
        code: 'not-pending',
        rule: '59.513',
        message:
          'the host has not yet reported the British force pool (host.british-force-pool): the British player ' +
          'selects units of it by id',
      },
    });
  });

  it("59.892A: a Far East hex control report not asked for is refused with the machine's rule", () => {
    expect(refusal(play([seaLionStart(), gameTurnEnded(su41)]), farEastReport)).toEqual({
      takes: false,
      rejection: {
        code: 'not-pending',
        rule: '59.892A',
        message: 'no Far East hex control is awaited: Japan has not adhered to a treaty now being settled',
      },
    });
  });
});
