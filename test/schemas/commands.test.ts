// schemas/command.json and command/TYPE.json against the engine: every host fact and player decision of the
// example games validates as a command with Ajv, and wrong commands get the same verdict from Ajv and from the
// host API (`execute` refuses them with code `malformed`, rule `schema`, and appends nothing).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { definitionOf } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { gameTurnEnded, hexControl, seaLionStart } from '../support/british-fixtures.js';
import { turn } from '../support/fixtures.js';
import { ajvErrors } from './support.js';

const dir = fileURLToPath(new URL('../../examples/', import.meta.url));
const origins = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .flatMap((f) =>
    readFileSync(`${dir}${f}`, 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l !== ''),
  )
  .map((line) => JSON.parse(line) as { type: string; data: unknown })
  .filter((e) => definitionOf(e.type)?.source !== 'engine')
  .map(({ type, data }) => ({ type, data }));

/** An engine whose game g1 has started (Sea Lion, 1941), and its store. */
async function started(): Promise<{ engine: SurrenderEngine; store: MemoryEventStore }> {
  const store = new MemoryEventStore();
  const engine = await SurrenderEngine.open(store);
  const result = await engine.execute('g1', seaLionStart());
  expect(result.ok).toBe(true);
  return { engine, store };
}

describe('commands against their shipped JSON Schemas', () => {
  it('every host fact and player decision of the example games validates as its command and as a command', () => {
    expect(origins.length).toBeGreaterThan(30);
    for (const command of origins) {
      expect(ajvErrors(`command/${command.type}`, command), command.type).toBeNull();
      expect(ajvErrors('command', command), command.type).toBeNull();
    }
  });

  const su41 = turn('summer', 1941);
  const report = gameTurnEnded(su41) as { type: string; data: { turn: unknown; britain: Record<string, unknown> } };
  const hexReport = hexControl(su41) as { type: string; data: { territories: Record<string, unknown> } };
  const { malta: _malta, ...withoutMalta } = hexReport.data.territories;
  const wrong: readonly { what: string; command: { type: string; data: unknown }; ajv: string; message: string }[] = [
    {
      what: '59.65: a concession-table territory missing',
      command: { ...hexReport, data: { ...hexReport.data, territories: withoutMalta } },
      ajv: "/data/territories: must have required property 'malta'",
      message: 'data.territories.malta: missing required field (expected one of "british", "axis", "independent")',
    },
    {
      what: 'a negative count',
      command: { ...report, data: { ...report.data, britain: { ...report.data.britain, atlanticSwTransports: -2 } } },
      ajv: '/data/britain/atlanticSwTransports: must be >= 0',
      message: 'data.britain.atlanticSwTransports: expected a non-negative integer',
    },
    {
      what: 'an unknown field',
      command: { ...report, data: { ...report.data, weather: 'fine' } },
      ajv: '/data: must NOT have additional properties',
      message: 'data.weather: unknown field',
    },
    {
      what: 'a member no command has',
      command: { ...report, extra: 1 } as { type: string; data: unknown },
      ajv: ': must NOT have additional properties',
      message: 'extra: not a member of a command: expected only type, data and, optionally, game',
    },
    {
      what: 'a missing turn',
      command: { type: 'britain.offer-accepted', data: {} },
      ajv: "/data: must have required property 'turn'",
      message: 'data.turn: missing required field (expected an object)',
    },
  ];
  for (const { what, command, ajv, message } of wrong) {
    it(`${command.type}, ${what}: Ajv rejects it; execute refuses it as malformed and appends nothing`, async () => {
      expect(ajvErrors(`command/${command.type}`, command)).toContain(ajv);
      expect(ajvErrors('command', command)).not.toBeNull();
      const { engine, store } = await started();
      const before = await store.version();
      // A wrong command is what this test sends: the host API takes any value.
      const result = await engine.execute('g1', command as Parameters<SurrenderEngine['execute']>[1]);
      expect(result).toEqual({ ok: false, rejection: { code: 'malformed', rule: 'schema', message } });
      expect(await store.version()).toBe(before);
      await engine.close();
    });
  }

  it(
    '59.65: a stored hex control report without every ' +
      'concession-table territory is refused by the event schema too',
    () => {
      const line = JSON.parse(
        readFileSync(`${dir}sea-lion-1941.jsonl`, 'utf8')
          .split('\n')
          .find((l) => l.includes('"host.british-hex-control"')) ?? 'null',
      ) as { data: { territories: Record<string, unknown> } };
      expect(ajvErrors('event/host.british-hex-control', line)).toBeNull();
      const { malta: _dropped, ...territories } = line.data.territories;
      expect(ajvErrors('event/host.british-hex-control', { ...line, data: { ...line.data, territories } })).toContain(
        "/data/territories: must have required property 'malta'",
      );
    },
  );

  it('an unknown command type: no command schema takes it, and execute refuses it', async () => {
    const command = { type: 'britain.surrendered', data: {} };
    expect(ajvErrors('command', command)).not.toBeNull();
    const { engine } = await started();
    const result = await engine.execute('g1', command as Parameters<SurrenderEngine['execute']>[1]);
    expect(result.ok === false && [result.rejection.code, result.rejection.rule]).toEqual(['malformed', 'schema']);
    await engine.close();
  });
});
