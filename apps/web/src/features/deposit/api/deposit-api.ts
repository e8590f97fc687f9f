import type { BankAccountNamePayload } from '@wallet/contract/account';
import type { QrBankCode } from '@wallet/contract/constants';
import type { DepositLookupResponse, TruelinkKeyResponse } from '@wallet/contract/deposit';
import type { SlipLookupResponse } from '@wallet/contract/lookup';
import type { QrcodeRecord, QrDeleteResponse } from '@wallet/contract/qrcode';
import { SLIP_FILE_FIELD } from '@wallet/contract/slip';
import type { SlipUploadResponse } from '@wallet/contract/statement';
import type { AddPayload, TruelinkResponse, WalletMoveResponse } from '@wallet/contract/wallet';
import { api } from '@/api/client';

/** Query keys of the deposit dialog. Each QR gateway has its own, under one root, so a create can reload the rest. */
export const depositLookupQueryKey = ['deposit-lookup'] as const;
export const slipLookupQueryKey = ['slip-lookup'] as const;
export const qrcodeQueryRoot = 'qrcode';
export const qrcodeQueryKey = (bankCode: QrBankCode) => [qrcodeQueryRoot, bankCode] as const;

export function getDepositLookup(): Promise<DepositLookupResponse> {
  return api.get<DepositLookupResponse>('/api/lookup/deposit');
}

export function getSlipLookup(): Promise<SlipLookupResponse> {
  return api.get<SlipLookupResponse>('/api/lookup/slip');
}

export function getQrcode(bankCode: QrBankCode): Promise<QrcodeRecord> {
  return api.get<QrcodeRecord>(`/api/qrcode/${bankCode}`);
}

/** A double tap must not make two QR codes, so a create carries one key per player action too. */
export function createQrcode(bankCode: QrBankCode, amount: number, idempotencyKey: string): Promise<QrcodeRecord> {
  return api.post<QrcodeRecord>(`/api/qrcode/${bankCode}`, { amount }, { idempotencyKey });
}

export function deleteQrcode(qrcodeId: string): Promise<QrDeleteResponse> {
  return api.delete<QrDeleteResponse>(`/api/qrcode/${encodeURIComponent(qrcodeId)}`);
}

export function getTruelinkKey(): Promise<TruelinkKeyResponse> {
  return api.get<TruelinkKeyResponse>('/api/wallet/truelink/key');
}

/** `link` is the base64 RSA-OAEP ciphertext of the gift link and the wallet account name. */
export function sendTruelink(link: string, idempotencyKey: string): Promise<TruelinkResponse> {
  return api.post<TruelinkResponse>('/api/wallet/truelink', { link }, { idempotencyKey });
}

/** Manual deposit notice (isManual): recorded as pending until the operator confirms it. */
export function addDeposit(payload: AddPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/add', payload, { idempotencyKey });
}

export function updateBankAccountName(payload: BankAccountNamePayload): Promise<unknown> {
  return api.put<unknown>('/api/account/bankAccountName', payload);
}

export function uploadSlip(
  file: File,
  idempotencyKey: string,
  onProgress: (fraction: number) => void,
): Promise<SlipUploadResponse> {
  const form = new FormData();
  form.append(SLIP_FILE_FIELD, file, file.name);
  // The client's upload already waits 300 s (SPEC §9 upload timeout) and reports progress.
  return api.upload<SlipUploadResponse>('/api/wallet/slip', form, { idempotencyKey, onProgress });
}
