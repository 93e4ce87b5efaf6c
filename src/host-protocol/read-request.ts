// Reading one request of the host protocol (./protocol.ts) from a parsed line: its id, its op and its members
// checked against the op's schema, or the refusal that names the first problem.
import { compile, type Validator } from '../schema/validate.js';
import {
  OPERATIONS,
  RequestIdSchema,
  requestSchemas,
  type FailedResponse,
  type Operation,
  type Request,
  type RequestId,
  type ResponseCode,
} from './protocol.js';

export type Rejected = FailedResponse['rejection'];

const requestId = compile(RequestIdSchema);
const validators = new Map<Operation, Validator<Request>>();
const validatorOf = (op: Operation): Validator<Request> => {
  let validator = validators.get(op);
  if (validator === undefined) {
    validator = compile(requestSchemas[op]) as Validator<Request>;
    validators.set(op, validator);
  }
  return validator;
};

export const protocolError = (code: ResponseCode, message: string): Rejected => ({ code, rule: 'protocol', message });
const isOperation = (op: unknown): op is Operation =>
  typeof op === 'string' && (OPERATIONS as readonly string[]).includes(op);

/** The request a parsed line holds, or why it is none (with the id and op when they could be read). */
export function readRequest(
  value: unknown,
):
  | { readonly ok: true; readonly request: Request }
  | { readonly ok: false; readonly id: RequestId | null; readonly op: Operation | null; readonly rejection: Rejected } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return {
      ok: false,
      id: null,
      op: null,
      rejection: protocolError('bad-request', '$: expected a request object { id?, op, ... }'),
    };
  const fields = value as Record<string, unknown>;
  // -0 is no id: it would be echoed as 0 (JSON writes it so).
  if (Object.is(fields['id'], -0))
    return {
      ok: false,
      id: null,
      op: null,
      rejection: protocolError('bad-request', 'id: -0 cannot be represented exactly (JSON writes it as 0)'),
    };
  const id = fields['id'] === undefined || !requestId.check(fields['id']) ? null : fields['id'];
  if (fields['id'] !== undefined && id === null)
    return {
      ok: false,
      id,
      op: null,
      rejection: protocolError('bad-request', 'id: expected a string of at most 256 characters or an integer'),
    };
  const op = fields['op'];
  if (op === undefined)
    return {
      ok: false,
      id,
      op: null,
      rejection: protocolError('bad-request', `op: required, one of ${OPERATIONS.join(', ')}`),
    };
  if (!isOperation(op))
    return {
      ok: false,
      id,
      op: null,
      rejection: protocolError(
        'unknown-op',
        `op: unknown operation ${JSON.stringify(op)}: expected one of ${OPERATIONS.join(', ')}`,
      ),
    };
  const issue = validatorOf(op).firstError(value);
  if (issue !== null) return { ok: false, id, op, rejection: protocolError('bad-request', issue.message) };
  return { ok: true, request: value as Request };
}
