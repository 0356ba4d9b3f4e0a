import { createPolicyTable, type PolicySpec, type Reasoner } from '@gdlkit/core';
import { type PlayoutPolicy, RandomPolicy } from './playout-policy.js';
import { TablePolicy } from './table-policy.js';

export type PolicyName = 'random' | 'mast' | 'nst';

export interface PolicyOptions {
  readonly policy?: PolicyName;
  /** Decay factor γ for MAST/NST (paper 03, section 4); default 0.2 for MAST and 0.6 for NST (section 7). */
  readonly decay?: number;
  readonly tau?: number;
  readonly epsilon?: number;
  readonly nstThreshold?: number;
}

/**
 * The playout policy of `options`. Given a reasoner, its tables live on the reasoner's side (the engine's own
 * tables where it has them, so `simulate` updates them in place); given a role count, core's TypeScript tables.
 */
export function createPolicy(
  owner: number | Pick<Reasoner, 'roles' | 'createPolicy'>,
  options: PolicyOptions = {},
): PlayoutPolicy {
  const name = options.policy ?? 'nst';
  if (name === 'random') return new RandomPolicy();
  const spec: PolicySpec = {
    kind: name,
    gamma: options.decay ?? (name === 'mast' ? 0.2 : 0.6),
    tau: options.tau,
    epsilon: options.epsilon,
    threshold: options.nstThreshold,
  };
  if (typeof owner === 'number') return new TablePolicy(name, createPolicyTable(spec, owner), owner);
  return new TablePolicy(name, owner.createPolicy(spec), owner.roles.length);
}
