// One schema of the catalogue (./catalog.ts).
import type { TSchema } from '@sinclair/typebox';

export interface CatalogEntry {
  /** `event/britain.resistance-determined`, `calculator/concessions/input`, ...: the file is schemas/NAME.json. */
  readonly name: string;
  readonly schema: TSchema;
  /** What the schema describes, and what the engine checks beyond it (JSON Schema cannot say it). */
  readonly description: string;
}
