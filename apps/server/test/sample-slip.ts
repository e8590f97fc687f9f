import { slipVerify } from 'promptparse/generate';
import { renderSlipImage } from '../src/providers/slip-verify/sandbox-slip-image.ts';

export const SAMPLE_SLIP_REFERENCE = '2026011512345ABCDEFGHJK';

/** The mini QR code of a well-formed slip: sent from SCB (bank id 014) under SAMPLE_SLIP_REFERENCE. */
export const SAMPLE_SLIP_QR = slipVerify({ sendingBank: '014', transRef: SAMPLE_SLIP_REFERENCE });

/** A PNG slip of a 100-baht transfer from SCB to KBANK, carrying `qrPayload` as its QR code, or none. */
export function sampleSlipPng(qrPayload: string | null = SAMPLE_SLIP_QR): Buffer {
  return renderSlipImage({
    senderBankCode: 'SCB',
    receiverBankCode: 'KBANK',
    senderAccountNo: 'xxxxx1234x',
    receiverAccountNo: 'xxxxx6789x',
    amount: 100_00,
    transferredAt: Date.UTC(2026, 0, 15, 3),
    reference: SAMPLE_SLIP_REFERENCE,
    qrPayload,
  });
}
