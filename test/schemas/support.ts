// The shipped JSON Schemas (schemas/*.json) read as a host reads them, with an independent validator: Ajv 8,
// draft 2020-12, strict mode. Nothing here goes through TypeBox.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

interface IndexEntry {
  readonly name: string;
  readonly $id: string;
  readonly file: string;
}

export const shippedIndex = (): readonly IndexEntry[] =>
  (JSON.parse(readFileSync(`${SCHEMAS_DIR}index.json`, 'utf8')) as { schemas: IndexEntry[] }).schemas;

export const shippedSchema = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(`${SCHEMAS_DIR}${file}`, 'utf8')) as Record<string, unknown>;

// Unoptimized code compiles in half the time, and the verdicts are the same.
const ajv = new Ajv2020({ strict: true, code: { optimize: false } });
const validators = new Map<string, ValidateFunction>();

/** The shipped schema `name` compiled by Ajv in strict mode (once; compiling throws for a schema strict mode bars). */
export function ajvValidator(name: string): ValidateFunction {
  let validate = validators.get(name);
  if (validate === undefined) {
    const entry = shippedIndex().find((e) => e.name === name);
    if (entry === undefined) throw new Error(`no shipped schema ${name}`);
    validate = ajv.compile(shippedSchema(entry.file));
    validators.set(name, validate);
  }
  return validate;
}

/** Ajv's verdict on a value: null when valid, else its errors as `instancePath: message` lines. */
export function ajvErrors(name: string, value: unknown): string[] | null {
  const validate = ajvValidator(name);
  return validate(value) ? null : (validate.errors ?? []).map((e) => `${e.instancePath}: ${e.message ?? ''}`);
}
