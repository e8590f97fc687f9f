/**
 * A circuit breaker for calls to an outside service (an SMS gateway, a slip checker): after
 * `failureThreshold` failures in a row it opens and refuses calls at once for `openMs`, so a service
 * that is down costs callers nothing and gets no traffic while it recovers; then one trial call is let
 * through (half-open), whose outcome closes the circuit or opens it again.
 */
export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  failureThreshold: number;
  openMs: number;
  now?: () => number;
  /** Told when the circuit opens, closes or lets a trial through (metrics, logs). */
  onStateChange?: (state: CircuitState) => void;
}

export class CircuitOpenError extends Error {
  constructor(readonly retryInMs: number) {
    super(`circuit open: no call for another ${Math.ceil(retryInMs / 1000)} s`);
    this.name = 'CircuitOpenError';
  }
}

export interface CircuitBreaker {
  /**
   * Runs `task` unless the circuit is open. `countsAsFailure` decides which errors open it: a caller's
   * own mistake (a wrong phone number) says nothing about the service's health.
   */
  run<T>(task: () => Promise<T>, countsAsFailure?: (error: unknown) => boolean): Promise<T>;
  state(): CircuitState;
}

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const now = options.now ?? Date.now;
  let failures = 0;
  let openedAt: number | undefined;
  let trialRunning = false;
  let current: CircuitState = 'closed';

  const moveTo = (state: CircuitState) => {
    if (state === current) return;
    current = state;
    options.onStateChange?.(state);
  };
  const state = (): CircuitState => {
    if (openedAt !== undefined && now() - openedAt >= options.openMs && current === 'open') moveTo('half-open');
    return current;
  };

  return {
    state,
    async run(task, countsAsFailure = () => true) {
      const before = state();
      if (before === 'open' || (before === 'half-open' && trialRunning)) {
        throw new CircuitOpenError(Math.max(0, (openedAt ?? now()) + options.openMs - now()));
      }
      const trial = before === 'half-open';
      if (trial) trialRunning = true;
      try {
        const result = await task();
        failures = 0;
        openedAt = undefined;
        moveTo('closed');
        return result;
      } catch (error) {
        if (countsAsFailure(error)) {
          failures += 1;
          if (trial || failures >= options.failureThreshold) {
            openedAt = now();
            moveTo('open');
          }
        } else if (trial) {
          // The trial reached the service, which answered: it is up.
          failures = 0;
          openedAt = undefined;
          moveTo('closed');
        }
        throw error;
      } finally {
        if (trial) trialRunning = false;
      }
    },
  };
}
