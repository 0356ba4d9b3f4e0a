// Structured logs: one JSON object per line, written to a sink (stderr by default).

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type LogSink = (line: string) => void;

export interface Logger {
  log(level: LogLevel, event: string, fields?: Record<string, unknown>): void;
  /** Whether `debug` lines (the verbose match transcript) are written. */
  readonly verbose: boolean;
}

export const stderrSink: LogSink = (line) => {
  process.stderr.write(line);
};

export function createLogger(sink: LogSink = stderrSink, verbose = false): Logger {
  return {
    verbose,
    log(level, event, fields = {}) {
      if (level === 'debug' && !verbose) return;
      sink(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
    },
  };
}
