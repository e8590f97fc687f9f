import type { QueryClient } from '@tanstack/react-query';
import { walletQueryKey } from './get-wallet';

/** The statement's query root: every money movement adds a line, whichever feature moved the money. */
export const statementQueryRoot = ['statement'] as const;
export const statementQueryKey = (page: number) => ['statement', page] as const;

/** After any money movement: reload the wallet (game-account amounts) and the statement. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: walletQueryKey }),
    queryClient.invalidateQueries({ queryKey: statementQueryRoot }),
  ]).then(() => undefined);
}
