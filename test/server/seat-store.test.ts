// The directory store's seats file (src/server/seat-store.ts): a seat's hash replaced whole under the file's lock,
// so that replacements at once each keep the others'; a game created before viewers had a seat gets the viewer's
// on its first replacement; a game without seats has none to replace.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSeatStore } from '../../src/server/seat-store.js';
import { hashToken, newSeatTokens, SEATS, seatOfToken } from '../../src/server/seats.js';

describe('FileSeatStore.replace', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awaw-seat-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = new FileSeatStore(dir);

  it('three seats replaced at once: each new token opens its seat, each old none; the file stays 0600', async () => {
    const { tokens, hashes } = newSeatTokens();
    expect(await store.create('g1', hashes)).toBe(true);
    const fresh = { host: 'h'.repeat(43), germany: 'g'.repeat(43), viewer: 'v'.repeat(43) } as const;
    expect(
      await Promise.all(
        (['host', 'germany', 'viewer'] as const).map((seat) => store.replace('g1', seat, hashToken(fresh[seat]))),
      ),
    ).toEqual([true, true, true]);
    const now = await store.load('g1');
    if (now === null) throw new Error('g1 has no seats');
    expect([seatOfToken(fresh.host, now), seatOfToken(fresh.germany, now), seatOfToken(fresh.viewer, now)]).toEqual([
      'host',
      'germany',
      'viewer',
    ]);
    expect([seatOfToken(tokens.host, now), seatOfToken(tokens.viewer, now)]).toEqual([null, null]);
    expect(seatOfToken(tokens.italy, now)).toBe('italy');
    expect(statSync(store.path('g1')).mode & 0o777).toBe(0o600);
  });

  it("a seats file from before viewers is a game's seats still; a viewer's replacement adds the viewer", async () => {
    const { tokens, hashes } = newSeatTokens();
    const acting = Object.fromEntries(SEATS.map((seat) => [seat, hashes[seat]]));
    writeFileSync(
      store.path('old'),
      JSON.stringify({ format: 'awaw-surrender-seats', version: 1, game: 'old', seats: acting }),
    );
    const before = await store.load('old');
    expect(before === null ? null : seatOfToken(tokens.viewer, before)).toBeNull();
    expect(before === null ? null : seatOfToken(tokens.host, before)).toBe('host');
    expect(await store.replace('old', 'viewer', hashToken('w'.repeat(43)))).toBe(true);
    const file = JSON.parse(readFileSync(store.path('old'), 'utf8')) as { seats: Record<string, string> };
    expect(Object.keys(file.seats)).toEqual([...SEATS, 'viewer']);
    expect(file.seats['viewer']).toBe(hashToken('w'.repeat(43)));
  });

  it('a game without seats has no seat to replace: false, and no file made', async () => {
    expect(await store.replace('nobody', 'host', hashToken('x'.repeat(43)))).toBe(false);
    expect(() => statSync(store.path('nobody'))).toThrow(/ENOENT/);
  });
});
