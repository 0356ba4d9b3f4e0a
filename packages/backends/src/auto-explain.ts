import type { AutoAttempt } from './auto-backend.js';

/**
 * One line saying which backend auto chose and why, from its attempts: the reason of the choice, the rates it
 * compared, and each backend that failed or was skipped (for a command's stderr or a log).
 */
export function explainAutoChoice(attempts: readonly AutoAttempt[]): string {
  const chosen = attempts.findLast((a) => a.outcome === 'chosen');
  if (chosen === undefined) return 'auto chose no backend';
  const measured = attempts.filter((a) => a.outcome === 'measured').map((a) => `${a.backend} ${a.reason}`);
  const others = attempts
    .filter((a) => a.outcome === 'failed' || a.outcome === 'skipped')
    .map((a) => `${a.backend} ${a.outcome}: ${a.reason}`);
  const compared = measured.length > 0 ? ` (${measured.join('; ')})` : '';
  const rest = others.length > 0 ? `; ${others.join('; ')}` : '';
  return `auto chose ${chosen.backend}: ${chosen.reason}${compared}${rest}`;
}
