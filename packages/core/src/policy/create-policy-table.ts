import { GdlkitError } from '../errors.js';
import type { PolicySpec, PolicyTable } from '../reasoner/simulations.js';
import { MastTable } from './mast.js';
import { NstTable } from './nst.js';
import { UniformTable } from './uniform.js';

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

/** The TypeScript reference table of `spec` for a game of `roleCount` roles. */
export function createPolicyTable(spec: PolicySpec, roleCount: number): PolicyTable {
  checkPolicySpec(spec);
  switch (spec.kind) {
    case 'uniform':
      return new UniformTable(spec);
    case 'mast':
      return new MastTable(roleCount, spec);
    case 'nst':
      return new NstTable(roleCount, spec);
  }
}
