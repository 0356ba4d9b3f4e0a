// Match scores as paper 03 counts them (section 6): with two players a win is 1 point and a draw ½ each;
// with more, the players that share the highest reward share the point (a three-way tie is ⅓ each). A
// one-player game scores its goal value. Scores are reported in percent.
import type { GoalJson } from '@gdlkit/core';

/** A goal as a number: no goal derived counts 0, several derived goals (an ill-formed game) their highest. */
export function goalNumber(goal: GoalJson): number {
  if (goal === null) return 0;
  if (Array.isArray(goal)) return goal.length === 0 ? 0 : Math.max(...goal);
  return goal;
}

/** Points per role in [0, 1]; they sum to 1 in games of two or more roles. */
export function rolePoints(goals: readonly GoalJson[]): number[] {
  const values = goals.map(goalNumber);
  if (values.length === 1) return [Math.min(1, Math.max(0, values[0]! / 100))];
  const best = Math.max(...values);
  const top = values.filter((v) => v === best).length;
  return values.map((v) => (v === best ? 1 / top : 0));
}

export type Outcome = 'win' | 'draw' | 'loss';

/**
 * A SPEC's points in one match: the sum over the roles it played, and whether that is a win or a loss. Roles
 * the manager plays (seating -1, GDL-II's `random`) take no share.
 */
export function specPoints(
  goals: readonly GoalJson[],
  seating: readonly number[],
  spec: number,
): { points: number; outcome: Outcome } | null {
  if (!seating.includes(spec)) return null;
  const seated = seating.map((s, r) => (s >= 0 ? r : -1)).filter((r) => r >= 0);
  const perRole = rolePoints(seated.map((r) => goals[r]!));
  let points = 0;
  seated.forEach((r, i) => {
    if (seating[r] === spec) points += perRole[i]!;
  });
  const outcome: Outcome = points >= 1 - 1e-9 ? 'win' : points <= 1e-9 ? 'loss' : 'draw';
  return { points, outcome };
}
