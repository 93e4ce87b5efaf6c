// Seats (src/server/seats.ts): a token names its seat by the SHA-256 stored for it, compared with every seat's;
// whose a command is: the host's for host.* facts, the aggressor's for war.declared, else the pending decision's
// `by` (asked for only then).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PendingDecision } from '../../src/engine/pending-types.js';
import { ALL_SEATS, newSeatTokens, SEATS, seatOfToken, seatsFor } from '../../src/server/seats.js';

describe('seatOfToken', () => {
  it("finds each seat by its own token, and no seat for another game's token or a near miss", () => {
    const game = newSeatTokens();
    const other = newSeatTokens();
    expect(ALL_SEATS.map((seat) => seatOfToken(game.tokens[seat], game.hashes))).toEqual([...SEATS, 'viewer']);
    expect(seatOfToken(other.tokens.host, game.hashes)).toBeNull();
    expect(seatOfToken(other.tokens.viewer, game.hashes)).toBeNull();
    expect(seatOfToken(`${game.tokens.germany}x`, game.hashes)).toBeNull();
    expect(game.hashes.italy).toBe(createHash('sha256').update(game.tokens.italy, 'utf8').digest('hex'));
  });
});

describe('seatsFor', () => {
  // 59.23: Germany answers Britain's offer.
  const pending: PendingDecision[] = [
    {
      decision: 'respond-to-british-offer',
      by: 'germany',
      rule: '59.23',
      commands: ['britain.offer-accepted', 'britain.offer-rejected'],
      turn: { year: 1941, season: 'summer' },
      resistanceLevel: -10,
      surrenderLevel: -10,
      previousSurrenderLevel: null,
      forced: true,
      choices: { answers: [] },
    },
  ];
  it('asks for the pending decisions only for a command that is not a host fact or a declaration of war', () => {
    let asked = 0;
    const lazy = (): readonly PendingDecision[] => {
      asked += 1;
      return pending;
    };
    expect(seatsFor({ type: 'host.logged', data: {} }, lazy)).toEqual(new Set(['host']));
    expect(seatsFor({ type: 'war.declared', data: { aggressor: 'italy' } }, lazy)).toEqual(new Set(['italy']));
    expect(asked).toBe(0);
    expect(seatsFor({ type: 'britain.offer-accepted', data: {} }, lazy)).toEqual(new Set(['germany']));
    expect(seatsFor({ type: 'italy.surrendered', data: {} }, lazy)).toBeNull();
    expect(asked).toBe(2);
  });
});
