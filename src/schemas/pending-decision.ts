// The pending decisions' schemas, defined in the core beside the decisions they describe
// (src/engine/pending-schema.ts), for the catalogue (`awaw-surrender schema pending-decision`).
import type { DescribedDecision } from '../engine/pending-text.js';
import type { DescribedDecisionSchema } from '../engine/pending-schema.js';
import type { SameShape } from '../schema/same-shape.js';

export { DescribedDecisionSchema, PendingDecisionSchema } from '../engine/pending-schema.js';

/** Fails to compile when the delivered schema and the DescribedDecision type part. */
export const describedDecisionMatches = true satisfies SameShape<typeof DescribedDecisionSchema, DescribedDecision>;
