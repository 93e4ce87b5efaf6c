// Every JSON Schema the package ships (schemas/NAME.json, `awaw-surrender schema NAME`), by name, each from the
// TypeBox definition the engine itself checks with: the event registry, the envelope and header, the pending
// decisions, the calculators' inputs and outputs. Loaded only by `schema` and the generator, never by a calculator
// call (test/cli/startup.test.ts).
import { Type, type TSchema } from '@sinclair/typebox';
import {
  EnvelopeSchema,
  eventDefinitions,
  GAME_ID_PATTERN,
  LogHeaderSchema,
  LOG_FORMAT_VERSION,
  type EventDefinition,
} from '../../events/index.js';
import { Strict } from '../schema/types.js';
import { COMMAND_LIMITS } from '../engine/json-copy.js';
import { MAX_LINE_BYTES } from '../store/line-format.js';
import { DescribedDecisionSchema } from './pending-decision.js';
import { calculatorSchemas } from './calculator-schemas.js';
import { RequestSchema, requestSchemas, ResponseSchema, responseSchemas } from '../host-protocol/protocol.js';
import type { CatalogEntry } from './entry.js';

export type { CatalogEntry };

const definitions = Object.values(eventDefinitions as Record<string, EventDefinition>);

/** TypeBox, as the engine checks, measures strings in UTF-16 code units; JSON Schema in characters. */
const LENGTHS = 'A `maxLength` counts UTF-16 code units (a character beyond U+FFFF counts twice).';

const LINE_CHECKS =
  `Checked beyond this schema when a log is read: \`seq\` counts from 1 without gaps, \`id\` is unique in the log, ` +
  `\`hash\` chains the line to the one before (docs/log-format.md), a line holds at most ${MAX_LINE_BYTES} bytes, ` +
  `and \`type\` and \`v\` name a known event version. ${LENGTHS}`;

const COMMAND_CHECKS =
  `Checked beyond this schema when the engine decides it: at most ${COMMAND_LIMITS.maxDepth} levels of nesting and ` +
  `${COMMAND_LIMITS.maxChars} characters of JSON, ` +
  `no name or id twice in a list that names them, and the rules themselves (a rejection cites the rule). ` +
  `A \`game\` must name the game the command is executed for. ${LENGTHS}`;

/** A whole log line of one event type at version `v`: the envelope with its `type`, `v` and payload. */
const eventLine = (definition: EventDefinition, v: number, data: TSchema): TSchema =>
  Strict({ ...EnvelopeSchema.properties, type: Type.Literal(definition.type), v: Type.Literal(v), data });

const eventEntries = (definition: EventDefinition): CatalogEntry[] => [
  {
    name: `event/${definition.type}`,
    schema: eventLine(definition, definition.version, definition.schema),
    description:
      `A log line holding a \`${definition.type}\` event (version ${definition.version}): ` +
      `${definition.summary} ${LINE_CHECKS}`,
  },
  ...[...definition.upcasters.values()]
    .sort((a, b) => a.from - b.from)
    .map((upcaster) => ({
      name: `event/${definition.type}/v${upcaster.from}`,
      schema: eventLine(definition, upcaster.from, upcaster.data.schema),
      description:
        `A log line holding a \`${definition.type}\` event of version ${upcaster.from}, still read and ` +
        `upgraded on read to version ${definition.version} (the ` +
        `upgrade may refuse a payload it cannot derive). ${LINE_CHECKS}`,
    })),
];

/** Entries `PREFIX/KEY` from a record of schemas, each described by its own `description` option. */
export const entriesOf = (prefix: string, schemas: Readonly<Record<string, TSchema>>): CatalogEntry[] =>
  Object.entries(schemas).map(([key, schema]) => ({
    name: `${prefix}/${key}`,
    schema,
    description: typeof schema['description'] === 'string' ? schema['description'] : `${prefix} ${key}`,
  }));

const origins = definitions.filter((d) => d.source === 'host' || d.source === 'player');
/** A command names its game only as the one it is executed for (a log line carries it): checked by the engine. */
const CommandGame = Type.String({
  pattern: GAME_ID_PATTERN,
  description: 'optional: the game the command is executed for; another game is refused (malformed, at command.game)',
});
const commandSchema = (definition: EventDefinition): TSchema =>
  Strict({ type: Type.Literal(definition.type), data: definition.schema, game: Type.Optional(CommandGame) });

export const catalog: readonly CatalogEntry[] = [
  {
    name: 'log-header',
    schema: LogHeaderSchema,
    description:
      `The first line of every log. Checked beyond this schema: \`formatVersion\` is at most ` +
      `${LOG_FORMAT_VERSION} (a newer log is refused), and \`hash\` seals the line (docs/log-format.md).`,
  },
  {
    name: 'envelope',
    schema: EnvelopeSchema,
    description:
      `Every event line of a log after the header; \`data\` is checked against the schema of its ` +
      `\`type\` and \`v\` (event/TYPE). ${LINE_CHECKS}`,
  },
  ...definitions.flatMap(eventEntries),
  {
    name: 'command',
    schema: Type.Union(origins.map(commandSchema)),
    description: `Any command a host executes: one host fact or player decision (command/TYPE). ${COMMAND_CHECKS}`,
  },
  ...origins.map((d) => ({
    name: `command/${d.type}`,
    schema: commandSchema(d),
    description: `The command \`${d.type}\`: ${d.summary} ${COMMAND_CHECKS}`,
  })),
  {
    name: 'pending-decision',
    schema: DescribedDecisionSchema,
    description:
      'A decision the rules wait for, as exec, append, HTTP and `replay --json` deliver it: who makes it, the ' +
      "rule, the commands that answer it, its parameters and its words (`description`; the library's " +
      '`PendingDecision` is the same without them).',
  },
  ...calculatorSchemas,
  // The exec protocol (src/host-protocol/protocol.ts, docs/host-protocol.md): any request and any response, then each.
  {
    name: 'exec/request',
    schema: RequestSchema,
    description:
      `One request line of \`awaw-surrender exec\` (docs/host-protocol.md): one of exec/request/OP. ` +
      `A command's \`command\` is checked as the command schema says, where a \`maxLength\` counts UTF-16 code ` +
      'units (a character beyond U+FFFF counts twice); the `maxLength` of `id` counts characters, as JSON Schema does.',
  },
  {
    name: 'exec/response',
    schema: ResponseSchema,
    description:
      'One response line of `awaw-surrender exec`, answering the request with the same `id`: one of ' +
      'exec/response/OP, or exec/response/failed.',
  },
  ...entriesOf('exec/request', requestSchemas),
  ...entriesOf('exec/response', responseSchemas),
];

const byName = new Map(catalog.map((entry) => [entry.name, entry]));

export const catalogEntry = (name: string): CatalogEntry | undefined => byName.get(name);
