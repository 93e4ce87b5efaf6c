// The operator token the server tests run with: given to in-process servers as buildServer's `operator` and to
// `serve` processes as AWAW_OPERATOR_TOKEN (./serve-cluster.ts), sent with every POST /games.
export const OPERATOR_TOKEN = 'tests-operator-token-0123456789-abcdefghij';

export const TEST_OPERATOR = { token: OPERATOR_TOKEN } as const;

/** The Authorization header of the operator's requests. */
export const operatorAuth = (): Record<string, string> => ({ authorization: `Bearer ${OPERATOR_TOKEN}` });
