import type { StatementEntry } from '@wallet/contract/statement';
import type { GameAccount, GameLoginAccount, WalletResponse } from '@wallet/contract/wallet';

/** Wallet data for component tests: shapes straight from the contract. */
export function gameAccount(overrides: Partial<GameAccount> & Pick<GameAccount, 'code'>): GameAccount {
  return {
    name: overrides.code.toUpperCase(),
    logo: `/media/games/${overrides.code}/logo.svg`,
    background: `/media/games/${overrides.code}/background.svg`,
    isActive: true,
    amount: 0,
    ftWalletSlot: 1,
    web: `/sandbox/games/${overrides.code}/play?session=s-${overrides.code}`,
    android: null,
    ios: null,
    category: 'slot',
    ...overrides,
  };
}

export const slots: GameAccount[] = [
  gameAccount({ code: 'pg', name: 'Pocket Gems', amount: 250.5, ftWalletSlot: 10 }),
  gameAccount({
    code: 'joker',
    name: 'Joker Gaming',
    amount: 100.25,
    android: '/sandbox/games/joker/android',
    ios: '/sandbox/games/joker/ios',
  }),
  gameAccount({ code: 'sbo', name: 'SBO Sport', category: 'sport', isActive: false, web: null }),
  gameAccount({ code: 'huay', name: 'Huay Lotto', category: 'lotto', amount: 0.25 }),
];

export function walletResponse(overrides: Partial<WalletResponse> = {}): WalletResponse {
  return {
    profile: {
      _id: '6650f1c2a1b2c3d4e5f60718',
      name: 'Somchai Jaidee',
      createdAt: '2026-01-15T17:30:05.000Z',
      username: '0812345678',
      coin: 1234,
    },
    bankAccount: {
      bankCode: 'KBANK',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      currency: null,
      bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
    },
    wallet: { amount: 1000 },
    invite: { amount: 50, success: 80, fail: 20 },
    slots,
    ...overrides,
  };
}

export const credentials: GameLoginAccount = {
  username: 'pg_0812345678',
  password: 'Secret#123',
  event: { agent: 'lucky', lang: 'th' },
};

export function statementEntry(overrides: Partial<StatementEntry> & Pick<StatementEntry, '_id'>): StatementEntry {
  return {
    statementType: 'transfer',
    from: 'WALLET',
    to: 'pg',
    amount: 100,
    status: 'SUCCESS',
    createdAt: '2026-03-01T20:15:09.000Z',
    ...overrides,
  };
}
