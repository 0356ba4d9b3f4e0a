export interface NodeRun {
  /** The exit code, or null when a signal ended the child (for instance past `timeout`). */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface NodeRunOptions {
  readonly cwd?: string;
  /** Milliseconds after which the child is sent SIGTERM (default 120 s). */
  readonly timeout?: number;
  readonly env?: NodeJS.ProcessEnv;
  /** Written to the child's stdin, which is then closed. */
  readonly input?: string;
}

/** Runs `node ...args` without blocking the test worker. */
export function runNode(args: readonly string[], options?: NodeRunOptions): Promise<NodeRun>;
