import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type SendCommand = Redis['sendCommand'];

/**
 * A Redis client for the Socket.IO adapter that fails open. The adapter publishes and subscribes
 * without awaiting; with Redis away, ioredis rejects those commands after its retries, and an unawaited
 * rejection ends a Node process. Here such a failure is logged (once per outage, with the client's
 * connection errors) instead: pushes then reach only this instance's sockets, and requests go on.
 */
class FailOpenRedis extends Redis {
  private outageReported = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    private readonly connectionRole: string,
  ) {
    super(url, { maxRetriesPerRequest: 3 });
    this.on('error', (error: Error) => this.reportOutage(error));
    this.on('ready', () => {
      if (this.outageReported)
        this.log.info({ redis: this.connectionRole }, 'redis is back: realtime pushes cross instances again');
      this.outageReported = false;
    });
  }

  override sendCommand(...args: Parameters<SendCommand>): ReturnType<SendCommand> {
    const sent = super.sendCommand(...args);
    if (sent instanceof Promise) sent.catch((error: Error) => this.reportOutage(error));
    return sent;
  }

  private reportOutage(error: Error): void {
    if (this.outageReported) return;
    this.outageReported = true;
    this.log.warn(
      { redis: this.connectionRole, err: error },
      'redis unavailable: realtime pushes reach this instance only until it is back',
    );
  }
}

/** The adapter's publishing and subscribing connections (a subscribed connection can do nothing else). */
export function adapterRedisClients(url: string, log: FastifyBaseLogger): { pub: Redis; sub: Redis } {
  return { pub: new FailOpenRedis(url, log, 'publish'), sub: new FailOpenRedis(url, log, 'subscribe') };
}
