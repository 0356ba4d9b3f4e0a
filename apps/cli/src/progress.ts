// Progress of a command whose steps each run up to a time budget (analyse, verify): one stderr line as each
// step starts, with the bound on the time left, so a long run is never silent.

/** A function to call as step k (0-based) of `total` starts; each step takes at most `budgetSeconds`. */
export function budgetedSteps(command: string, total: number, budgetSeconds: number) {
  return (k: number, label: string): void => {
    const left = (total - k) * budgetSeconds;
    const bound = total > 1 ? `; at most ${seconds(left)} left in all` : '';
    process.stderr.write(
      `gdlkit ${command}: [${k + 1}/${total}] ${label} (at most ${seconds(budgetSeconds)}${bound})\n`,
    );
  };
}

function seconds(s: number): string {
  return s >= 120 ? `${Math.round(s / 60)} min` : `${Math.round(s)} s`;
}
