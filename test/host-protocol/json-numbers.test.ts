// A request line's numbers are taken only as written (src/schema/json-text.ts, docs/host-protocol.md): one that
// JSON.parse would change is refused at its path, `malformed` inside the command (as the engine refuses a command),
// `bad-request` in the id or another field; the id is never echoed changed, and nothing is appended.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { handleLine, handleRequest, type ProtocolContext } from '../../src/host-protocol/handle.js';
import { MemoryEventStore } from '../../src/store/memory.js';

const GAME = 'sea-lion-1941';
const note = (n: string): string =>
  `{"type":"host.logged","data":{"turn":{"season":"spring","year":1941},"kind":"note","data":{"n":${n}}}}`;

async function started(): Promise<ProtocolContext & { readonly memory: MemoryEventStore }> {
  const memory = new MemoryEventStore({ source: deterministicSource(GAME) });
  const engine = await SurrenderEngine.open(memory);
  if (!(await engine.execute(GAME, seaLion1941().events[0] as OriginEvent)).ok) throw new Error('start refused');
  return { engine, store: memory, memory };
}

const refusal = (id: unknown, op: string | null, code: string, rule: string, message: string) => ({
  id,
  ok: false,
  op,
  rejection: { code, rule, message },
  version: 1,
  othersAppended: 0,
});

describe('numbers of exec request lines', () => {
  it('an id beyond 2^53 is refused, not echoed as its neighbour; -0 as an id too, also from the library', async () => {
    const context = await started();
    expect(await handleLine('{"id":9007199254740993,"op":"games"}', context)).toEqual(
      refusal(
        null,
        null,
        'bad-request',
        'protocol',
        'id: 9007199254740993 cannot be represented exactly (beyond 2^53)',
      ),
    );
    expect(await handleLine('{"id":-0,"op":"games"}', context)).toEqual(
      refusal(null, null, 'bad-request', 'protocol', 'id: -0 cannot be represented exactly (JSON writes it as 0)'),
    );
    expect(await handleRequest({ id: -0, op: 'games' }, context)).toEqual(
      refusal(null, null, 'bad-request', 'protocol', 'id: -0 cannot be represented exactly (JSON writes it as 0)'),
    );
    expect(await handleLine('{"id":9007199254740992,"op":"games"}', context)).toMatchObject({
      id: 9007199254740992,
      ok: true,
    });
  });

  it(
    'in a command: malformed at its path in the command ' +
      '(execute, preview) or under tried (pending); nothing appended',
    async () => {
      const context = await started();
      const before = context.memory.toJsonl();
      expect(
        await handleLine(`{"id":1,"op":"execute","game":"${GAME}","command":${note('1152921504606846977')}}`, context),
      ).toEqual(
        refusal(
          1,
          'execute',
          'malformed',
          'schema',
          'data.data.n: 1152921504606846977 cannot be represented exactly (beyond 2^53)',
        ),
      );
      expect(await handleLine(`{"id":2,"op":"preview","game":"${GAME}","command":${note('-0')}}`, context)).toEqual(
        refusal(
          2,
          'preview',
          'malformed',
          'schema',
          'data.data.n: -0 cannot be represented exactly (JSON writes it as 0)',
        ),
      );
      expect(await handleLine(`{"id":3,"op":"pending","game":"${GAME}","tried":${note('1e-400')}}`, context)).toEqual(
        refusal(
          3,
          'pending',
          'malformed',
          'schema',
          'tried.data.data.n: 1e-400 cannot be represented exactly (too small: it would be read as 0)',
        ),
      );
      expect(context.memory.toJsonl()).toBe(before);
      // Numbers written back as written are taken: 1.0 is the number 1, stored as such.
      expect(
        await handleLine(`{"id":4,"op":"execute","game":"${GAME}","command":${note('1.0')}}`, context),
      ).toMatchObject({ id: 4, ok: true, events: [{ data: { data: { n: 1 } } }] });
    },
  );

  it('elsewhere in a request: bad-request at its path; what is no request is refused as that first', async () => {
    const context = await started();
    expect(await handleLine('{"id":5,"op":"events","from":9007199254740993}', context)).toEqual(
      refusal(
        5,
        'events',
        'bad-request',
        'protocol',
        'from: 9007199254740993 cannot be represented exactly (beyond 2^53)',
      ),
    );
    expect(
      await handleLine(
        `{"id":6,"op":"execute","game":"${GAME}","command":${note('1')},"expectedVersion":1.00000000000000001}`,
        context,
      ),
    ).toEqual(
      refusal(
        6,
        'execute',
        'bad-request',
        'protocol',
        'expectedVersion: 1.00000000000000001 cannot be represented ' +
          'exactly (more digits than a number holds: it would be read as 1)',
      ),
    );
    expect(await handleLine('{"id":7,"op":"launch","n":-0}', context)).toMatchObject({
      id: 7,
      ok: false,
      rejection: { code: 'unknown-op' },
    });
  });
});
