import { createPolicyTable, type PolicySpec } from '@gdlkit/core';
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

export function createPolicy(roleCount: number, options: PolicyOptions = {}): PlayoutPolicy {
  const name = options.policy ?? 'nst';
  if (name === 'random') return new RandomPolicy();
  const spec: PolicySpec = {
    kind: name,
    gamma: options.decay ?? (name === 'mast' ? 0.2 : 0.6),
    tau: options.tau,
    epsilon: options.epsilon,
    threshold: options.nstThreshold,
  };
  return new TablePolicy(name, createPolicyTable(spec, roleCount), roleCount);
}
