// britain.forces-reduced v2 counted the ground and AAF factors of removed minor-country units (59.514E) among the
// factors made unbuilt for later resistance levels (59.871); 59.22E leaves minor ally and associated minor country
// units out, and v3 does. A v2 event could remove only the minor units its 59.514E effect names (every other minor
// unit was exempt), so their factors are taken back exactly (docs/rulings.md, 59.22E with 59.871).
import type { Effect } from './effects.js';

interface ForcesReducedV2 {
  readonly removed: readonly { readonly id: string; readonly kind: string; readonly factors: number }[];
  readonly unbuiltFactorsAdded: number;
  readonly effects: readonly Effect[];
}

export function withoutMinorUnbuilt<D extends ForcesReducedV2>(data: D): D {
  const minors = new Set(
    data.effects.flatMap((e) =>
      e.code === 'minor-units-subject-to-elimination' ? e.params.units.map((u) => u.id) : [],
    ),
  );
  const minorFactors = data.removed
    .filter((u) => minors.has(u.id) && (u.kind === 'ground' || u.kind === 'aaf'))
    .reduce((sum, u) => sum + u.factors, 0);
  if (minorFactors === 0) return data;
  const factors = data.unbuiltFactorsAdded - minorFactors;
  return {
    ...data,
    unbuiltFactorsAdded: factors,
    effects: data.effects.map((e) => (e.code === 'removed-units-unbuilt' ? { ...e, params: { factors } } : e)),
  };
}
