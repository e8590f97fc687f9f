import type { BankAccountNamePayload } from '@wallet/contract/account';
import { api } from '@/lib/api-client';

export function updateBankAccountName(payload: BankAccountNamePayload): Promise<unknown> {
  return api.put<unknown>('/api/account/bankAccountName', payload);
}
