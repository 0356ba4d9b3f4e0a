// Candidate invariants that no uniqueness property states: "at most one (exactly one) of these ground
// features". Section 6 names properties provable only together as the limit of the one-at-a-time search;
// quarto's turn is one of four fluents of two features, (selectcontrol R) and (placecontrol R), each feature's
// next value read off the other's, and zero-sum needs "at most one of the four" (the placer gets the
// 100). A group is every ground instance of function symbols with few instances whose next values depend on
// each other (mutually, in the feature dependencies of section 5).
import type { DomainProgram } from './domain-program.js';
import type { Property } from './properties.js';

/** Features with more ground instances are boards or counters, not turn markers. */
export const MAX_INSTANCES = 8;

/**
 * For each group of at least two mutually dependent small features: `exactly-one-of` and, as the fallback
 * when that is false in the initial state, `at-most-one` over the group's ground instances.
 */
export function featureGroupCandidates(
  domain: DomainProgram,
  dependencies: ReadonlyMap<string, ReadonlySet<string>>,
): { readonly exactly: Property; readonly atMost: Property }[] {
  const instances = domain.groundFeatures;
  if (!instances) return [];
  const small = domain.features
    .map((f) => f.key)
    .filter((key) => (instances.get(key)?.length ?? 0) <= MAX_INSTANCES)
    .sort();
  const mutual = (a: string, b: string) =>
    (dependencies.get(a)?.has(b) ?? false) && (dependencies.get(b)?.has(a) ?? false);
  const assigned = new Set<string>();
  const groups: string[][] = [];
  for (const f of small) {
    if (assigned.has(f)) continue;
    const group = small.filter((g) => g === f || (!assigned.has(g) && mutual(f, g)));
    for (const g of group) assigned.add(g);
    if (group.length >= 2) groups.push(group);
  }
  return groups.map((group) => {
    const features = group.flatMap((key) => instances.get(key) ?? []).sort();
    return {
      exactly: { kind: 'group', features, exactlyOne: true },
      atMost: { kind: 'group', features, exactlyOne: false },
    };
  });
}
