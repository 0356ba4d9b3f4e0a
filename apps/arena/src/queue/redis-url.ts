// `--queue redis://[user:password@]HOST:PORT[/DB]` as ioredis connection options.
import type { RedisOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { RunError } from '../run-plan.js';

export function redisOptions(text: string): RedisOptions {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RunError(`--queue must be a URL such as redis://127.0.0.1:6379, got '${text}'`, 2);
  }
  if (url.protocol !== 'redis:') {
    throw new RunError(`--queue must be a redis:// URL, got '${text}'`, 2);
  }
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^[0-9]+$/.test(db)) throw new RunError(`--queue: '${db}' is not a database number`, 2);
  return {
    host: url.hostname || '127.0.0.1',
    port: url.port === '' ? 6379 : Number(url.port),
    db: db === '' ? 0 : Number(db),
    username: url.username === '' ? undefined : decodeURIComponent(url.username),
    password: url.password === '' ? undefined : decodeURIComponent(url.password),
    // BullMQ workers block on Redis; it requires this to be null.
    maxRetriesPerRequest: null,
  };
}

/** Connects once and pings, so an unreachable Redis is a one-line error instead of endless retries. */
export async function checkRedis(options: RedisOptions, text: string, timeoutMs = 5000): Promise<void> {
  const client = new Redis({
    ...options,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let cause: NodeJS.ErrnoException | null = null;
  client.on('error', (e: NodeJS.ErrnoException) => {
    cause ??= e;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    const error = (cause ?? e) as NodeJS.ErrnoException;
    const code = error.code ?? error.message;
    throw new RunError(`cannot reach Redis at ${text} (${code}): is redis-server running there?`, 1);
  } finally {
    client.disconnect();
  }
}
