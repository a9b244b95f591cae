/**
 * One shared Redis connection per process, built from REDIS_URL. Redis is an optimisation (shared cache,
 * shared rate limits, cross-instance single-flight), never a dependency: the connection is made in the
 * background, commands fail at once while it is down (no offline queue), and callers fall back to
 * per-instance behaviour. Each change of state is logged once, not once per failed command.
 */
import { Redis } from 'ioredis';

export interface RedisLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SharedRedis {
  readonly client: Redis;
  /** Connected and accepting commands right now. */
  isReady(): boolean;
  /** A PING answered within `timeoutMs`; false (never a throw) when Redis is unreachable. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface SharedRedisOptions {
  /** Longest wait for one command before it counts as failed (a hung Redis must not hang requests). */
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
}

/** Redact the password of a redis:// URL for log lines. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis://[unparseable]';
  }
}

export function createSharedRedis(url: string, log: RedisLogger, options: SharedRedisOptions = {}): SharedRedis {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: options.connectTimeoutMs ?? 2000,
    commandTimeout: options.commandTimeoutMs ?? 500,
    // Keep trying in the background, at most every 2 s: Redis coming back restores shared behaviour.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  const where = describeRedisUrl(url);
  let down = false;
  let closing = false;

  client.on('ready', () => {
    if (down) log.info({ redis: where }, 'Redis is back: shared cache and rate limits restored');
    down = false;
  });
  const markDown = (err?: Error) => {
    if (down || closing) return;
    down = true;
    log.warn({ redis: where, err: err?.message }, 'Redis unavailable: degrading to per-instance cache and rate limits');
  };
  client.on('error', (err: Error) => markDown(err));
  client.on('close', () => markDown());

  client.connect().catch((err: unknown) => {
    // The retry strategy keeps reconnecting; the 'error' handler has logged the cause.
    markDown(err instanceof Error ? err : new Error(String(err)));
  });

  return {
    client,
    isReady: () => client.status === 'ready',
    async ping(timeoutMs = 500) {
      if (client.status !== 'ready') return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([client.ping().then((answer) => answer === 'PONG'), timeout]);
      } catch (err) {
        markDown(err instanceof Error ? err : new Error(String(err)));
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closing = true;
      if (client.status === 'ready') {
        await client.quit().catch(() => client.disconnect());
      } else {
        client.disconnect();
      }
    },
  };
}
