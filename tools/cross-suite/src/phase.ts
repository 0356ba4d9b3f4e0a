/** What the suite is doing, so that a watchdog can say which backend a hang or a crash belongs to. */
export interface Phase {
  readonly game: string;
  /** The backend doing the work, when one is. */
  readonly backend?: string;
  readonly activity: string;
}

export type PhaseListener = (phase: Phase) => void;

export const ignorePhase: PhaseListener = () => {};
