import type {
  ActivateSlotResponse,
  AutoLoginResponse,
  GameLoginAccount,
  RefreshSlotsResponse,
  TransferAllPayload,
  TransferPayload,
  WALLET_CODE as WalletCode,
  WalletMoveResponse,
  WalletResponse,
} from '@wallet/contract/wallet';
import { api } from '@/api/client';

// Type-checked copy of the contract's constant: importing wallet.ts at runtime would pull zod into the home chunk.
export const WALLET_CODE: typeof WalletCode = 'WALLET';

/** Query keys of the wallet screens. Separate roots, so invalidating the wallet never drops credentials. */
export const walletQueryKey = ['wallet'] as const;
export const lastSyncQueryKey = ['wallet-last-sync'] as const;
export const statementQueryRoot = ['statement'] as const;
export const statementQueryKey = (page: number) => ['statement', page] as const;
export const gameAccountQueryKey = (slotCode: string) => ['game-account', slotCode] as const;

const slotPath = (slotCode: string) => encodeURIComponent(slotCode);

export function getWallet(): Promise<WalletResponse> {
  return api.get<WalletResponse>('/api/wallet');
}

export function refreshSlots(): Promise<RefreshSlotsResponse> {
  return api.get<RefreshSlotsResponse>('/api/wallet/refresh/slot');
}

export function activateSlot(slotCode: string): Promise<ActivateSlotResponse> {
  return api.get<ActivateSlotResponse>(`/api/wallet/activate/${slotPath(slotCode)}`);
}

export function getGameAccount(slotCode: string): Promise<GameLoginAccount> {
  return api.get<GameLoginAccount>(`/api/wallet/account/${slotPath(slotCode)}`);
}

export function resetGamePassword(slotCode: string): Promise<GameLoginAccount> {
  return api.get<GameLoginAccount>(`/api/wallet/resetpassword/${slotPath(slotCode)}`);
}

/** Money moves: the caller passes one idempotency key per player action. */
export function transfer(payload: TransferPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/transfer', payload, { idempotencyKey });
}

export function transferAll(payload: TransferAllPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/transferAll', payload, { idempotencyKey });
}

export function autoLogin(provider: string, username: string, password: string): Promise<AutoLoginResponse> {
  const parts = [provider, username, password].map(encodeURIComponent).join('/');
  return api.get<AutoLoginResponse>(`/api/autoLogin/${parts}`);
}
