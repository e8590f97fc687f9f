import type { QueryClient } from '@tanstack/react-query';
import { walletQueryKey } from './get-wallet';

/** The statement's query root: every money movement adds a line, whichever feature moved the money. */
export const statementQueryRoot = ['statement'] as const;
export const statementQueryKey = (page: number) => ['statement', page] as const;

/**
 * The bonus feature's query root (the cards and the running bonus). Here, not in the feature, because a
 * claimed invite bonus or refund starts a bonus too and those features must not import the bonus feature.
 */
export const bonusQueryRoot = ['bonus'] as const;

/** After a claim that starts a bonus: the money moved, and the running bonus changed. */
export function invalidateMoneyAndBonus(queryClient: QueryClient): Promise<void> {
  return Promise.all([invalidateMoney(queryClient), queryClient.invalidateQueries({ queryKey: bonusQueryRoot })]).then(
    () => undefined,
  );
}

/** After any money movement: reload the wallet (game-account amounts) and the statement. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: walletQueryKey }),
    queryClient.invalidateQueries({ queryKey: statementQueryRoot }),
  ]).then(() => undefined);
}
