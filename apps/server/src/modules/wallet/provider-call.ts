import { GameProviderError } from '../../providers/games/game-provider.ts';

export type ProviderOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; kind: 'rejected' | 'unavailable'; reason: string };

/**
 * Calls a provider with a time limit and never throws: a refusal is `rejected` (nothing happened
 * there), anything else (timeout, network, a bug in an adapter) is `unavailable`, whose outcome the
 * caller must treat as unknown.
 */
export async function callProvider<T>(timeoutMs: number, call: () => Promise<T>): Promise<ProviderOutcome<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GameProviderError('unavailable', `no answer in ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return { ok: true, value: await Promise.race([call(), timeout]) };
  } catch (error) {
    const kind = error instanceof GameProviderError ? error.kind : 'unavailable';
    return { ok: false, kind, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
