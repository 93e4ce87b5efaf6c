// The pending decisions' schemas, defined in the core beside the decisions they describe (src/engine/pending-schema.ts),
// for the catalogue (`awaw-surrender schema pending-decision`).
export { DescribedDecisionSchema, PendingDecisionSchema } from '../engine/pending-schema.js';
