// GET /schemas and /schemas/NAME: the JSON Schemas the package ships (src/schemas/catalog.ts), as `schema` prints them.
import { catalog, catalogEntry } from '../schemas/catalog.js';
import { jsonSchemaOf, schemaId } from '../schemas/json-schema.js';
import { refusal } from './http-errors.js';
import type { Server } from './types.js';

export function schemaRoutes(app: Server): void {
  app.get('/schemas', async (_request, reply) =>
    reply.send({
      ok: true,
      schemas: catalog.map((entry) => ({
        name: entry.name,
        $id: schemaId(entry.name),
        description: entry.description,
      })),
    }),
  );
  app.get('/schemas/*', async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const entry = catalogEntry(name);
    if (entry === undefined)
      return reply
        .code(404)
        .send(refusal('not-found', 'http', `no schema ${JSON.stringify(name)}: GET /schemas lists them`).body);
    return reply.type('application/schema+json').send(jsonSchemaOf(entry));
  });
}
