import { type CircuitBreakerOptions, type CircuitState, createCircuitBreaker } from '../../lib/circuit-breaker.ts';
import { failureOf, type SmsFailure, type SmsProvider, SmsSendError } from './sms-provider.ts';

/** What /metrics and the log hear about SMS gateways; the names are gateway names, never credentials. */
export interface SmsObserver {
  /** One attempt through one gateway, with its latency. */
  attempted(gateway: string, outcome: 'ok' | SmsFailure, seconds: number): void;
  /** The first gateway failed and the message went on to the second. */
  fellBack(from: string, to: string, failure: SmsFailure): void;
  circuitChanged(gateway: string, state: CircuitState): void;
}

export interface NamedSmsGateway {
  name: string;
  provider: SmsProvider;
}

export interface GuardOptions {
  observer?: SmsObserver;
  circuit?: Partial<CircuitBreakerOptions>;
  /** Pause before the one retry of a send that never reached the gateway. */
  retryDelayMs?: number;
  now?: () => number;
}

/** Five failures in a row open a gateway's circuit for 30 s: an OTP should not wait on a dead gateway. */
const DEFAULT_CIRCUIT = { failureThreshold: 5, openMs: 30_000 };

/**
 * A gateway behind a circuit breaker, with its attempts observed. A send is retried once, and only when
 * the first try never reached the gateway (connection refused): after a timeout, a dropped connection
 * or a 5xx it may have gone out, and a second try could text the player twice, so the caller (the
 * fallback) decides instead. A refused phone number does not count against the gateway's health.
 */
export function guardedGateway(gateway: NamedSmsGateway, options: GuardOptions = {}): SmsProvider {
  const now = options.now ?? (() => performance.now());
  const breaker = createCircuitBreaker({
    ...DEFAULT_CIRCUIT,
    ...options.circuit,
    onStateChange: (state) => options.observer?.circuitChanged(gateway.name, state),
  });
  const attempt = async (phone: string, text: string) => {
    const started = now();
    try {
      await gateway.provider.send(phone, text);
      options.observer?.attempted(gateway.name, 'ok', (now() - started) / 1000);
    } catch (error) {
      options.observer?.attempted(gateway.name, failureOf(error), (now() - started) / 1000);
      throw error;
    }
  };
  return {
    async send(phone, text) {
      try {
        await breaker.run(
          async () => {
            try {
              await attempt(phone, text);
            } catch (error) {
              if (failureOf(error) !== 'unreachable') throw error;
              await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 200));
              await attempt(phone, text);
            }
          },
          (error) => failureOf(error) !== 'bad-number',
        );
      } catch (error) {
        if (error instanceof SmsSendError) throw error;
        if (error instanceof Error && error.name === 'CircuitOpenError') {
          options.observer?.attempted(gateway.name, 'circuit-open', 0);
          throw new SmsSendError(gateway.name, 'circuit-open', error.message);
        }
        throw new SmsSendError(gateway.name, 'unexpected', error instanceof Error ? error.name : 'error');
      }
    },
  };
}

/**
 * The first gateway, and the second when the first fails for any reason (refusal, timeout, open
 * circuit). Each gateway is asked once per message, so one code reaches a phone at most once per
 * gateway; after an ambiguous failure of the first the player may get the code twice, once from each,
 * which is better than none. When both fail, the second's error is thrown.
 */
export function withFallback(first: NamedSmsGateway, second: NamedSmsGateway, observer?: SmsObserver): SmsProvider {
  return {
    async send(phone, text) {
      try {
        await first.provider.send(phone, text);
      } catch (error) {
        observer?.fellBack(first.name, second.name, failureOf(error));
        await second.provider.send(phone, text);
      }
    },
  };
}
