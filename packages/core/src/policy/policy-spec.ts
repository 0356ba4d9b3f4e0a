// A policy's parameters: their defaults (paper 03, sections 3.2 and 5.2), their ranges, and the spec with
// every default filled in, which the TypeScript, WebAssembly and native tables all read.
import { GdlkitError } from '../errors.js';
import type { PolicyKind, PolicySpec } from '../reasoner/simulations.js';

/** MAST's default temperature: CadiaPlayer's τ = 10 (section 5.2). */
export const MAST_TAU = 10;
/** NST's defaults (sections 3.2 and 5.2) and its memory bound. */
export const NST_EPSILON = 0.2;
export const NST_THRESHOLD = 7;
/** Sequences of length 2, and of length 3, kept per role: at most 16 MiB a table. */
export const NST_MAX_ENTRIES = 2 ** 18;

/** A checked PolicySpec with every default filled in; γ = 1 keeps every count. */
export interface ResolvedPolicySpec {
  readonly kind: PolicyKind;
  readonly tau: number;
  readonly epsilon: number;
  readonly threshold: number;
  readonly gamma: number;
  readonly maxEntries: number;
}

/** Throws a GdlkitError naming the first field of `spec` out of its range. */
export function checkPolicySpec(spec: PolicySpec): void {
  const fail = (field: string, want: string, got: unknown): never => {
    throw new GdlkitError('UNSUPPORTED', `policy ${field} must be ${want}, got ${String(got)}`);
  };
  if (spec.kind !== 'uniform' && spec.kind !== 'mast' && spec.kind !== 'nst') {
    fail('kind', "'uniform', 'mast' or 'nst'", spec.kind);
  }
  const { tau, epsilon, threshold, gamma, maxEntries } = spec;
  if (tau !== undefined && !(tau > 0 && Number.isFinite(tau))) fail('tau', 'a positive number', tau);
  if (epsilon !== undefined && !(epsilon >= 0 && epsilon <= 1)) fail('epsilon', 'in [0, 1]', epsilon);
  if (threshold !== undefined && !(threshold >= 0 && Number.isFinite(threshold))) {
    fail('threshold', 'a non-negative number', threshold);
  }
  if (gamma !== undefined && !(gamma >= 0 && gamma <= 1)) fail('gamma', 'in [0, 1]', gamma);
  if (
    maxEntries !== undefined &&
    !(Number.isInteger(maxEntries) && maxEntries > 0 && maxEntries <= 2 ** 26)
  ) {
    fail('maxEntries', 'an integer in [1, 2^26]', maxEntries);
  }
}

/** `spec` checked (checkPolicySpec) with its defaults filled in. */
export function resolvePolicySpec(spec: PolicySpec): ResolvedPolicySpec {
  checkPolicySpec(spec);
  return {
    kind: spec.kind,
    tau: spec.tau ?? MAST_TAU,
    epsilon: spec.epsilon ?? NST_EPSILON,
    threshold: spec.threshold ?? NST_THRESHOLD,
    gamma: spec.gamma ?? 1,
    maxEntries: spec.maxEntries ?? NST_MAX_ENTRIES,
  };
}
