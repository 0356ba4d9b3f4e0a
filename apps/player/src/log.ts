// Structured logs: one JSON object per line, written to a sink (stderr by default).
import { write } from 'node:fs';
import { isatty } from 'node:tty';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type LogSink = (line: string) => void;

export interface Logger {
  log(level: LogLevel, event: string, fields?: Record<string, unknown>): void;
  /** Whether `debug` lines (the verbose match transcript) are written. */
  readonly verbose: boolean;
}

/** Bytes of log lines held while the log is not read; lines beyond are dropped and counted. */
const QUEUE_BYTES = 256 * 1024;
/** How long to wait before writing again to a non-blocking file that was full. */
const RETRY_MS = 50;

/** The line that stands where `dropped` lines were left out. */
function droppedLine(dropped: number): string {
  return `${JSON.stringify({ time: new Date().toISOString(), level: 'warn', event: 'log-dropped', dropped, why: 'the log was not read fast enough' })}\n`;
}

/**
 * A sink on a stream that queues what it cannot write at once (a pipe or a socket: Node queues such writes in
 * memory without bound). Past `maxBytes` queued, lines are dropped until the stream has drained; a `log-dropped`
 * line then says how many, where they were, so the order of what is written stays the order logged.
 */
export function boundedStreamSink(stream: NodeJS.WritableStream, maxBytes = QUEUE_BYTES): LogSink {
  const queued = () => (stream as unknown as { writableLength: number }).writableLength;
  let dropped = 0;
  // Dropping starts far above the stream's high-water mark, so a write has returned false and 'drain' will come.
  stream.on('drain', () => {
    if (dropped === 0) return;
    stream.write(droppedLine(dropped));
    dropped = 0;
  });
  return (line) => {
    if (dropped > 0 || queued() + Buffer.byteLength(line) > maxBytes) {
      dropped++;
      return;
    }
    stream.write(line);
  };
}

/**
 * A sink on a file descriptor whose writes block (a terminal: Node writes to it synchronously on Linux, so a
 * terminal nobody read stopped the whole shell). Lines are queued and written one `fs.write` at a time, on a
 * thread-pool thread that waits instead of the event loop; past `maxBytes` queued, lines are dropped as in
 * `boundedStreamSink`. A process ending with lines still queued waits for them to be written.
 */
export function fdSink(fd: number, maxBytes = QUEUE_BYTES): LogSink {
  let queue: string[] = [];
  let queued = 0;
  let dropped = 0;
  let writing = false;
  let closed = false;

  const flush = () => {
    if (dropped > 0 && queue.length === 0) {
      queue.push(droppedLine(dropped));
      dropped = 0;
    }
    if (writing || closed || queue.length === 0) return;
    writing = true;
    const data = Buffer.from(queue.join(''));
    queue = [];
    queued = 0;
    send(data);
  };

  const send = (data: Buffer) => {
    write(fd, data, 0, data.length, null, (error, written) => {
      if (error?.code === 'EAGAIN') {
        setTimeout(() => send(data), RETRY_MS);
      } else if (error) {
        // The terminal is gone (EIO, EPIPE): nothing more can be written.
        closed = true;
        queue = [];
      } else if (written < data.length) {
        send(data.subarray(written));
      } else {
        writing = false;
        flush();
      }
    });
  };

  return (line) => {
    if (closed) return;
    const bytes = Buffer.byteLength(line);
    // `queued` counts only what waits behind the write under way.
    if (dropped > 0 || (queued > 0 && queued + bytes > maxBytes)) {
      dropped++;
      return;
    }
    queue.push(line);
    queued += bytes;
    flush();
  };
}

let stderr: LogSink | null = null;

/** stderr, chosen at the first line: through the thread pool on a terminal, else bounded on Node's own stream. */
export const stderrSink: LogSink = (line) => {
  stderr ??= isatty(2) ? fdSink(2) : boundedStreamSink(process.stderr);
  stderr(line);
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
