import { MastPolicy } from './mast.js';
import { NstPolicy } from './nst.js';
import { type PlayoutPolicy, RandomPolicy } from './playout-policy.js';

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
  switch (options.policy ?? 'nst') {
    case 'random':
      return new RandomPolicy();
    case 'mast':
      return new MastPolicy(roleCount, { tau: options.tau, decay: options.decay ?? 0.2 });
    case 'nst':
      return new NstPolicy(roleCount, {
        epsilon: options.epsilon,
        threshold: options.nstThreshold,
        decay: options.decay ?? 0.6,
      });
  }
}
