// The exec protocol as a host in another language reads it: every request a host sends and every response the
// handler gives validate against the shipped schemas/exec/request.json and exec/response.json (Ajv, ./support.ts),
// and a request the handler refuses as bad-request is refused by Ajv too.
import { describe, expect, it } from 'vitest';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { handleRequest } from '../../src/host-protocol/handle.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { ajvErrors } from './support.js';

const GAME = 'sea-lion-1941';
const script = seaLion1941().events;

describe('the exec protocol against its shipped JSON Schemas (Ajv)', () => {
  it('the requests of a whole example game and of every read operation, and every response, validate', async () => {
    const store = new MemoryEventStore({ source: deterministicSource(GAME) });
    const context = { engine: await SurrenderEngine.open(store), store };
    const requests: unknown[] = script.flatMap((command, i) => [
      { id: i, op: 'preview', game: GAME, command },
      { id: `x${i}`, op: 'execute', game: GAME, command },
    ]);
    requests.push(
      { op: 'pending', game: GAME },
      { op: 'state', game: GAME },
      { op: 'wars', game: GAME },
      { op: 'permissions', game: GAME },
      { op: 'declarations', game: GAME },
      { op: 'events', from: 3, limit: 5 },
      { op: 'audit', game: GAME },
      { op: 'games' },
      // A refusal, an unknown game: failed responses.
      { id: 'again', op: 'execute', game: GAME, command: script[1] },
      { op: 'pending', game: 'no-such-game' },
    );
    const codes = new Set<string>();
    for (const request of requests) {
      expect(ajvErrors('exec/request', request), JSON.stringify(request).slice(0, 120)).toBeNull();
      const response = await handleRequest(request, context);
      expect(
        ajvErrors('exec/response', JSON.parse(JSON.stringify(response))),
        JSON.stringify(response).slice(0, 200),
      ).toBeNull();
      codes.add(response.ok ? `ok:${response.op}` : `failed:${response.rejection.code}`);
    }
    expect([...codes].sort()).toEqual(
      [
        'ok:audit',
        'ok:events',
        'ok:execute',
        'ok:games',
        'ok:pending',
        'ok:permissions',
        'ok:declarations',
        'ok:preview',
        'ok:state',
        'ok:wars',
        'failed:no-game',
        'failed:out-of-sequence',
      ].sort(),
    );
  });

  it('a bad request is refused by the handler and by Ajv alike', async () => {
    const store = new MemoryEventStore({ source: deterministicSource(GAME) });
    const context = { engine: await SurrenderEngine.open(store), store };
    for (const bad of [
      { op: 'pending' },
      { op: 'events', from: -1 },
      { op: 'execute', game: GAME },
      { id: 1.5, op: 'games' },
      { op: 'pending', game: 'has space' },
    ]) {
      const response = await handleRequest(bad, context);
      expect(response.ok, JSON.stringify(bad)).toBe(false);
      expect(!response.ok && response.rejection.code, JSON.stringify(bad)).toBe('bad-request');
      expect(ajvErrors('exec/request', bad), JSON.stringify(bad)).not.toBeNull();
      expect(ajvErrors('exec/response', JSON.parse(JSON.stringify(response)))).toBeNull();
    }
  });
});
