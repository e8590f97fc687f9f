/**
 * Scripted failures of the sandbox game service, so tests and people can walk the wallet's failure paths
 * (refused transfer, timeout, and the worst one: the provider did it but we never heard back).
 * Kept in memory per server process; with several instances, inject on the one that serves the call.
 */

export const FAULT_OPERATIONS = [
  'deposit',
  'withdraw',
  'getBalance',
  'activate',
  'resetPassword',
  'transferStatus',
] as const;
export type FaultOperation = (typeof FAULT_OPERATIONS)[number];

/**
 * reject: answered "no", nothing changed. timeout: no answer, nothing changed.
 * apply-then-timeout: the operation took effect, then no answer (outcome unknown to the caller); for the
 * reads (getBalance, transferStatus) it is the same as timeout.
 */
export const FAULT_MODES = ['reject', 'timeout', 'apply-then-timeout'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface SandboxFaults {
  /** The next `times` calls of `operation` at provider `code` fail with `mode`, after any already queued. */
  inject(code: string, operation: FaultOperation, mode: FaultMode, times?: number): void;
  clear(): void;
  /** Consumes and returns the fault for this call, if one is queued. */
  take(code: string, operation: FaultOperation): FaultMode | undefined;
}

export function createSandboxFaults(knownCodes: readonly string[]): SandboxFaults {
  const queues = new Map<string, FaultMode[]>();
  const key = (code: string, operation: FaultOperation) => `${code}\u0000${operation}`;
  return {
    inject(code, operation, mode, times = 1) {
      if (!knownCodes.includes(code)) throw new RangeError(`unknown game provider ${code}`);
      if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be a positive integer');
      const queue = queues.get(key(code, operation)) ?? [];
      for (let i = 0; i < times; i++) queue.push(mode);
      queues.set(key(code, operation), queue);
    },
    clear() {
      queues.clear();
    },
    take(code, operation) {
      const queue = queues.get(key(code, operation));
      const mode = queue?.shift();
      if (queue && queue.length === 0) queues.delete(key(code, operation));
      return mode;
    },
  };
}
