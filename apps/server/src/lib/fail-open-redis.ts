import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions, ReplyError } from 'ioredis';

type SendCommand = Redis['sendCommand'];

/** Who uses the connection, and what the operator should know while Redis is away and once it is back. */
export interface FailOpenUse {
  role: string;
  whileAway: string;
  whenBack: string;
}

/**
 * A Redis client that fails open: work that needs Redis carries on without it (each user says how) and
 * a failed command never becomes an unhandled rejection, which would end the process. The outage is
 * logged as a warning once, with the client's connection errors, and its end once.
 */
class FailOpenRedis extends Redis {
  private outageReported = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    private readonly use: FailOpenUse,
    options: RedisOptions,
  ) {
    // No CLIENT SETINFO on connect: Redis before 7.2 answers it with an error, and it costs a round trip.
    super(url, { disableClientInfo: true, ...options });
    this.on('error', (error: Error) => this.reportOutage(error));
    this.on('ready', () => {
      if (this.outageReported) this.log.info({ redis: this.use.role }, this.use.whenBack);
      this.outageReported = false;
    });
  }

  override sendCommand(...args: Parameters<SendCommand>): ReturnType<SendCommand> {
    const sent = super.sendCommand(...args);
    if (sent instanceof Promise) sent.catch((error: Error) => this.reportOutage(error));
    return sent;
  }

  private reportOutage(error: Error): void {
    // An error reply is Redis answering: up, and the command's caller handles it.
    if (this.outageReported || error instanceof ReplyError) return;
    this.outageReported = true;
    this.log.warn({ redis: this.use.role, err: error }, this.use.whileAway);
  }
}

/**
 * The Socket.IO adapter's publishing and subscribing connections (a subscribed connection can do nothing
 * else). The adapter does not await them: with Redis away, pushes reach only this instance's sockets.
 */
export function adapterRedisClients(url: string, log: FastifyBaseLogger): { pub: Redis; sub: Redis } {
  const use = (role: string): FailOpenUse => ({
    role,
    whileAway: 'redis unavailable: realtime pushes reach this instance only until it is back',
    whenBack: 'redis is back: realtime pushes cross instances again',
  });
  return {
    pub: new FailOpenRedis(url, log, use('publish'), { maxRetriesPerRequest: 3 }),
    sub: new FailOpenRedis(url, log, use('subscribe'), { maxRetriesPerRequest: 3 }),
  };
}

/**
 * The connection the per-client rate limit counts on, shared by every instance. A request must never
 * wait for Redis: with it away a command fails at once (no offline queue, no retries), or after a short
 * timeout when Redis hangs, and the limit lets the request through.
 */
export function rateLimitRedis(url: string, log: FastifyBaseLogger): Redis {
  return new FailOpenRedis(
    url,
    log,
    {
      role: 'rate-limit',
      whileAway: 'redis unavailable: the rate limit lets requests through until it is back',
      whenBack: 'redis is back: the rate limit counts across instances again',
    },
    { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 250, connectTimeout: 2000 },
  );
}
