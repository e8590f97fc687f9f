import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { postgresRoundTrips } from '../db/postgres.ts';
import { postedTransfers } from '../ledger/ledger.ts';
import { sha256 } from '../lib/ids.ts';
import type { GameProvider, GameProviders } from '../providers/games/game-provider.ts';
import type { SmsObserver } from '../providers/sms/resilient-sms.ts';

/** What the app hands /metrics to read at scrape time. */
export interface MetricsSources {
  connectedSockets(): number;
  /** Items waiting for an operator, by queue (the money desk's counts). */
  openQueues(): Promise<Readonly<Record<string, number>>>;
}

export interface Metrics {
  /** Counts every call of the provider's methods and the ones that failed, under `provider`. */
  countCalls<P extends object>(provider: string, target: P): P;
  /** One call of an outside provider measured by its caller: counted, timed, its failure reason kept. */
  observeCall(provider: string, method: string, outcome: 'ok' | { failed: string }, seconds: number): void;
  /** A seam (sms, slip) gave up on one provider and went on to the next. */
  countFallback(seam: string, from: string, to: string): void;
  /** Whether a provider's circuit is open (calls refused without trying). */
  setCircuitOpen(provider: string, open: boolean): void;
}

/** Seconds: most API answers take milliseconds; the tail up to a provider's timeout. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameSecret(given: string, expected: string): boolean {
  // Hashing first makes the comparison constant-time whatever the lengths.
  return timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(expected), 'hex'));
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN as a bearer token (the
 * route does not exist without one). Per instance: requests by route pattern and status with latency,
 * the default process metrics (event-loop lag, memory, GC), money movements by ledger kind, provider
 * calls and failures, connected sockets, open back-office queues.
 */
export function registerMetrics(app: FastifyInstance, token: string, sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  new Counter({
    name: 'wallet_money_movements_total',
    help: 'Ledger transfers posted by this instance, by kind and currency',
    labelNames: ['kind', 'currency'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { kind, currency, count } of postedTransfers()) this.inc({ kind, currency }, count);
    },
  });
  new Counter({
    name: 'wallet_money_moved_minor_total',
    help: 'Amount moved by the ledger transfers this instance posted, in minor units (satang), by kind and currency',
    labelNames: ['kind', 'currency'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { kind, currency, amount } of postedTransfers()) this.inc({ kind, currency }, amount);
    },
  });
  new Counter({
    name: 'wallet_db_round_trips_total',
    help: 'Queries this instance sent to PostgreSQL, BEGIN and COMMIT included (0 on SQLite, which is in process)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(postgresRoundTrips());
    },
  });
  new Gauge({
    name: 'wallet_connected_sockets',
    help: 'Socket.IO connections open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.connectedSockets());
    },
  });
  new Gauge({
    name: 'wallet_backoffice_open_items',
    help: 'Items waiting in the back office, by queue (the same for every instance: read from the database)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, count] of Object.entries(await sources.openQueues())) this.set({ queue }, count);
    },
  });
  const providerCalls = new Counter({
    name: 'wallet_provider_calls_total',
    help: 'Calls to outside providers by provider, method and outcome (ok or failed)',
    labelNames: ['provider', 'method', 'outcome'] as const,
    registers: [registry],
  });

  const providerLatency = new Histogram({
    name: 'wallet_provider_call_duration_seconds',
    help: 'Latency of calls to outside providers measured by their caller, by provider and method',
    labelNames: ['provider', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const providerFailures = new Counter({
    name: 'wallet_provider_failures_total',
    help: 'Failed calls to outside providers by provider and reason (timeout, rejected, server-error, circuit-open...)',
    labelNames: ['provider', 'reason'] as const,
    registers: [registry],
  });
  const fallbacks = new Counter({
    name: 'wallet_provider_fallbacks_total',
    help: 'Times a seam gave up on one provider and went on to the next, by seam and providers',
    labelNames: ['seam', 'from', 'to'] as const,
    registers: [registry],
  });
  const circuits = new Gauge({
    name: 'wallet_provider_circuit_open',
    help: "1 while a provider's circuit is open (calls refused without trying), else 0",
    labelNames: ['provider'] as const,
    registers: [registry],
  });

  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameSecret(given, token)) return reply.code(401).send({ message: 'invalid-token' });
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });

  return {
    observeCall(provider, method, outcome, seconds) {
      providerCalls.inc({ provider, method, outcome: outcome === 'ok' ? 'ok' : 'failed' });
      if (outcome !== 'ok') providerFailures.inc({ provider, reason: outcome.failed });
      // A call refused by an open circuit took no time at the provider: it would only drag the latency down.
      if (outcome === 'ok' || outcome.failed !== 'circuit-open') providerLatency.observe({ provider, method }, seconds);
    },
    countFallback(seam, from, to) {
      fallbacks.inc({ seam, from, to });
    },
    setCircuitOpen(provider, open) {
      circuits.set({ provider }, open ? 1 : 0);
    },
    countCalls(provider, target) {
      return new Proxy(target, {
        get(object, property, receiver) {
          const value = Reflect.get(object, property, receiver);
          if (typeof value !== 'function') return value;
          const method = String(property);
          return (...args: unknown[]) => {
            const count = (outcome: 'ok' | 'failed') => providerCalls.inc({ provider, method, outcome });
            try {
              const result = value.apply(object, args);
              if (result instanceof Promise) {
                return result.then(
                  (answer) => {
                    count('ok');
                    return answer;
                  },
                  (error: unknown) => {
                    count('failed');
                    throw error;
                  },
                );
              }
              count('ok');
              return result;
            } catch (error) {
              count('failed');
              throw error;
            }
          };
        },
      });
    },
  };
}

/** The game providers with every provider's calls counted under its code. */
export function countedGameProviders(metrics: Metrics, games: GameProviders): GameProviders {
  const counted = new Map<GameProvider, GameProvider>();
  return {
    get(code) {
      const provider = games.get(code);
      if (!provider) return provider;
      let wrapped = counted.get(provider);
      if (!wrapped) {
        wrapped = metrics.countCalls(`game:${code}`, provider);
        counted.set(provider, wrapped);
      }
      return wrapped;
    },
  };
}

/**
 * What the SMS gateways report, into /metrics (as provider `sms:<gateway>`, when metrics are on) and
 * the log: a failed attempt, a fall-back and a circuit that opens are what an operator needs to hear.
 * Only gateway names and failure kinds reach either, never a number, a text or a credential.
 */
export function smsObserver(metrics: Metrics | undefined, log: FastifyBaseLogger): SmsObserver {
  return {
    attempted(gateway, outcome, seconds) {
      metrics?.observeCall(`sms:${gateway}`, 'send', outcome === 'ok' ? 'ok' : { failed: outcome }, seconds);
      if (outcome !== 'ok' && outcome !== 'circuit-open') log.warn({ gateway, failure: outcome }, 'SMS gateway failed');
    },
    fellBack(from, to, failure) {
      metrics?.countFallback('sms', `sms:${from}`, `sms:${to}`);
      log.warn({ from, to, failure }, 'SMS sent through the fallback gateway');
    },
    circuitChanged(gateway, state) {
      metrics?.setCircuitOpen(`sms:${gateway}`, state === 'open');
      if (state === 'open')
        log.error({ gateway }, 'SMS gateway circuit open: failing too often, not called for a while');
    },
  };
}
