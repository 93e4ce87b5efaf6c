// A value a test knows to be there, checked: when it is missing the test fails saying what was missing.
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}
