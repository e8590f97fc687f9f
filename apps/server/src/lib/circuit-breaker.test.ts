import { describe, expect, it } from 'vitest';
import { CircuitOpenError, type CircuitState, createCircuitBreaker } from './circuit-breaker.ts';

describe('circuit breaker', () => {
  const fail = () => Promise.reject(new Error('down'));
  const succeed = () => Promise.resolve('up');

  it('opens after the threshold of failures in a row, refuses without calling, then lets one trial through', async () => {
    let now = 0;
    const states: CircuitState[] = [];
    const breaker = createCircuitBreaker({
      failureThreshold: 3,
      openMs: 1_000,
      now: () => now,
      onStateChange: (state) => states.push(state),
    });
    for (let i = 0; i < 3; i += 1) await expect(breaker.run(fail)).rejects.toThrow('down');
    expect(breaker.state()).toBe('open');
    let called = false;
    await expect(
      breaker.run(async () => {
        called = true;
      }),
    ).rejects.toBeInstanceOf(CircuitOpenError);
    expect(called).toBe(false);

    now = 1_000;
    expect(breaker.state()).toBe('half-open');
    await expect(breaker.run(fail)).rejects.toThrow('down');
    expect(breaker.state()).toBe('open');
    now = 2_000;
    await expect(breaker.run(succeed)).resolves.toBe('up');
    expect(breaker.state()).toBe('closed');
    expect(states).toEqual(['open', 'half-open', 'open', 'half-open', 'closed']);
  });

  it("counts only the failures the caller says are the service's, and a success resets the count", async () => {
    const breaker = createCircuitBreaker({ failureThreshold: 2, openMs: 1_000 });
    const callersMistake = (error: unknown) => !(error instanceof Error && error.message === 'bad number');
    for (let i = 0; i < 5; i += 1) {
      await expect(breaker.run(() => Promise.reject(new Error('bad number')), callersMistake)).rejects.toThrow();
    }
    await expect(breaker.run(fail)).rejects.toThrow();
    await breaker.run(succeed);
    await expect(breaker.run(fail)).rejects.toThrow();
    expect(breaker.state()).toBe('closed');
  });
});
