import { screen } from '@testing-library/react';
import { QR_BANK_CODES, QR_GATEWAYS, type QrBankCode } from '@wallet/contract/constants';
import type { BankDepositAccount, DepositLookupResponse } from '@wallet/contract/deposit';
import type { DepositPause } from '@wallet/contract/protection';
import type { QrcodeRecord } from '@wallet/contract/qrcode';
import type { WalletResponse } from '@wallet/contract/wallet';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { walletResponse } from '@/test/wallet-fixtures';
import { DepositDialog } from '../components/deposit-dialog';

/** Deposit lookup data for component tests, shaped by the contract. */
type AccountOverrides = Partial<BankDepositAccount> & Pick<BankDepositAccount, 'bankCode'>;

export function depositAccount(overrides: AccountOverrides): BankDepositAccount {
  return {
    bankType: 'BANK',
    mode: 'AUTO',
    bankAccountName: 'LUCKY WALLET CO',
    bankAccountNo: '1234567890',
    currency: null,
    bank: { nameTH: `ธนาคาร ${overrides.bankCode}`, nameEN: `${overrides.bankCode} Bank` },
    ...overrides,
  };
}

export const gatewayCodes: QrBankCode[] = ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'];

export function lookupResponse(overrides: Partial<DepositLookupResponse> = {}): DepositLookupResponse {
  return {
    banks: [
      depositAccount({
        bankCode: 'KBANK',
        bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
      }),
      depositAccount({
        bankCode: 'SCB',
        mode: 'SMS',
        bankAccountName: 'LUCKY WALLET SMS',
        bankAccountNo: '98765432101',
        bank: { nameTH: 'ไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
      }),
      ...gatewayCodes.map((bankCode) =>
        depositAccount({ bankCode, bankType: 'PAYMENT', bankAccountName: `${bankCode} gateway`, bankAccountNo: '-' }),
      ),
      // A gateway outside SPEC's QR list: no view of its own.
      depositAccount({ bankCode: 'OTHERPAY', bankType: 'PAYMENT', bankAccountNo: '555' }),
    ],
    wallets: [
      { walletAccountName: '0991234567', mode: 'AUTO' },
      { walletAccountName: 'Lucky Shop', mode: 'TRUELINK' },
    ],
    isManual: false,
    // The SPEC §9 minimums, as the server answers while the operator has set none.
    qrMinimums: Object.fromEntries(QR_BANK_CODES.map((code) => [code, QR_GATEWAYS[code].minimum])) as Record<
      QrBankCode,
      number
    >,
    ...overrides,
  };
}

export const NO_QR: QrcodeRecord = { hasQrcode: false };

export const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path fill="#fff" d="M0 0h29v29H0z"/><path stroke="#000" d="M4 4.5h7"/></svg>';

/** A 1×1 PNG: what the server sends next to the SVG. */
export const QR_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export function qrRecord(bankCode: string, amount: number, expireIn: string): QrcodeRecord {
  return { hasQrcode: true, qrcodeId: `qr-${bankCode}-${amount}`, qrcode: QR_SVG, amount, expireIn };
}

export interface DepositSetup {
  lookup?: DepositLookupResponse | Reply;
  wallet?: WalletResponse;
  handlers?: Record<string, Handler | Reply>;
  /** What Home puts under the deposit methods, given the dialog's close; and what Home wraps it in. */
  footer?: (onClose: () => void) => ReactNode;
  wrap?: (dialog: ReactNode) => ReactNode;
  /** What Home passes from the player's protection when deposits are paused. */
  paused?: DepositPause | null;
}

/** The dialog, with a fake API answering every call it makes on opening. */
export function renderDeposit({
  lookup = lookupResponse(),
  wallet = walletResponse(),
  handlers = {},
  footer,
  wrap = (dialog) => dialog,
  paused = null,
}: DepositSetup = {}) {
  const qrHandlers = Object.fromEntries(gatewayCodes.map((code) => [`GET /api/qrcode/${code}`, { body: NO_QR }]));
  const calls = mockApi({
    'GET /api/wallet': { body: wallet },
    'GET /api/lookup/deposit': 'banks' in lookup ? { body: lookup } : lookup,
    'GET /api/lookup/slip': { body: { isOpen: true } },
    ...qrHandlers,
    ...handlers,
  });
  const onClose = vi.fn();
  const view = renderScreen(wrap(<DepositDialog open onClose={onClose} footer={footer?.(onClose)} paused={paused} />));
  const count = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path).length;
  return { ...view, calls, count, onClose };
}

/** Opens a tab of the dialog once the lookup has answered. */
export async function openTab(user: ReturnType<typeof renderDeposit>['user'], id: string) {
  await user.click(await screen.findByTestId(`deposit-tab-${id}`));
}
