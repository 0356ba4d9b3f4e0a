// Fair time: two players thinking at once must not share a core. A gdlkit player thinks all the time in a
// match (on its turn, and pondering on the others'), so J concurrent matches of P such players need J × P
// cores.
import { availableParallelism } from 'node:os';

export interface JobPlan {
  readonly jobs: number;
  /** Why fewer jobs than asked for, or a warning that players share cores anyway. */
  readonly notes: readonly string[];
}

/**
 * The number of concurrent matches: the requested one, lowered until jobs × thinkers fits the cores; 1 when
 * an external player takes part (it can play one match at a time).
 */
export function planJobs(
  requested: number | undefined,
  thinkersPerMatch: number,
  external: boolean,
  cores = availableParallelism(),
): JobPlan {
  const notes: string[] = [];
  const fit = thinkersPerMatch === 0 ? cores : Math.max(1, Math.floor(cores / thinkersPerMatch));
  let jobs = requested ?? fit;
  if (external && jobs > 1) {
    notes.push(`running 1 match at a time: an external (http) player plays one match at a time`);
    jobs = 1;
  }
  if (jobs > fit) {
    notes.push(
      `running ${fit} match${fit === 1 ? '' : 'es'} at a time instead of ${jobs}: ${thinkersPerMatch} gdlkit player(s) per match on ${cores} cores (fair time needs a core per thinking player)`,
    );
    jobs = fit;
  }
  if (thinkersPerMatch > cores) {
    notes.push(
      `warning: ${thinkersPerMatch} gdlkit players per match share ${cores} cores, so they do not get a core each; use --iterations for results that do not depend on time`,
    );
  }
  return { jobs, notes };
}
