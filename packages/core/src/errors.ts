import type { Diagnostic } from '@gdlkit/gdl';
import { formatDiagnostic } from '@gdlkit/gdl';

export type GdlkitErrorCode =
  | 'INVALID_GAME'
  | 'ILLEGAL_MOVE'
  | 'UNSUPPORTED'
  | 'BUDGET_EXCEEDED'
  | 'BACKEND_UNAVAILABLE'
  | 'UNKNOWN_BACKEND'
  | 'BAD_RECORD'
  | 'BAD_TERM'
  /** The repository's games/ folder (corpus.ts) is not where the caller runs and GDLKIT_GAMES is unset. */
  | 'NO_CORPUS';

/** Every error gdlkit raises on purpose; `message` is meant for the user and says what to do. */
export class GdlkitError extends Error {
  constructor(
    readonly code: GdlkitErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GdlkitError';
  }
}

export class InvalidGameError extends GdlkitError {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const shown = errors.slice(0, 10).map(formatDiagnostic);
    if (errors.length > shown.length) shown.push(`... and ${errors.length - shown.length} more errors`);
    super('INVALID_GAME', `invalid game description:\n${shown.join('\n')}`);
    this.name = 'InvalidGameError';
  }
}

export class IllegalMoveError extends GdlkitError {
  constructor(
    readonly role: string,
    readonly move: string,
  ) {
    super(
      'ILLEGAL_MOVE',
      `illegal move for role ${role}: ${move} is not among its legal moves in this state`,
    );
    this.name = 'IllegalMoveError';
  }
}

export class UnsupportedError extends GdlkitError {
  constructor(message: string) {
    super('UNSUPPORTED', message);
    this.name = 'UnsupportedError';
  }
}

/** A backend could not handle the game within its time or memory budget (CLI exit code 3). */
export class BudgetExceededError extends GdlkitError {
  constructor(
    message: string,
    readonly detail: { readonly relation?: string; readonly limit?: string } = {},
  ) {
    super('BUDGET_EXCEEDED', message);
    this.name = 'BudgetExceededError';
  }
}

export class BackendUnavailableError extends GdlkitError {
  constructor(
    readonly backend: string,
    /** Why, without the "backend X is unavailable" prefix (what an Availability's reason holds). */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super('BACKEND_UNAVAILABLE', `backend ${backend} is unavailable: ${reason}`, options);
    this.name = 'BackendUnavailableError';
  }
}

/** Throws unless the joint move has exactly one move per role. */
export function assertJointMoveArity(roleCount: number, jointMove: readonly unknown[]): void {
  if (jointMove.length !== roleCount) {
    throw new GdlkitError(
      'ILLEGAL_MOVE',
      `a joint move needs one move per role: expected ${roleCount}, got ${jointMove.length}`,
    );
  }
}
