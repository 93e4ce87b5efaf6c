// Whether two values have the same JSON text, found without writing it (a checked replay's hot path).

/**
 * True only when JSON.stringify(a) === JSON.stringify(b) for certain: plain data with the same keys in the same
 * order and equal finite numbers, strings, booleans and nulls. Anything else it is not sure of (undefined
 * values, non-finite numbers, class instances) is false, and the caller compares the JSON texts instead.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    return (
      a === b &&
      (typeof a !== 'number' || Number.isFinite(a)) &&
      a !== undefined &&
      typeof a !== 'function' &&
      typeof a !== 'symbol' &&
      typeof a !== 'bigint'
    );
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i] as string;
    if (key !== others[i] || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
      return false;
  }
  return true;
}

const isPlain = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
