import type { PolicySpec, PolicyTable } from '../reasoner/simulations.js';
import { MastTable } from './mast.js';
import { NstTable } from './nst.js';
import { checkPolicySpec } from './policy-spec.js';
import { UniformTable } from './uniform.js';

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
