import type { formatAccountNumber as ContractFormat } from '@wallet/contract/account';

/**
 * The contract's 3-3-rest display of a 10-digit account number (SPEC §2 Profile), repeated because
 * importing account.ts at runtime would pull zod into this chunk. Typed against the contract.
 */
export const formatAccountNumber: typeof ContractFormat = (accountNo) =>
  /^\d{10}$/.test(accountNo) ? `${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)}` : accountNo;

/** Thai readers get the Thai bank name; Lao and English readers the English one (banks have no Lao name). */
export function bankName(bank: { nameTH: string; nameEN: string }, language: string): string {
  return language === 'th' ? bank.nameTH : bank.nameEN || bank.nameTH;
}
