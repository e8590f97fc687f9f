import type { BankDepositAccount } from '@wallet/contract/deposit';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { checksum } from 'promptparse';
import { anyId, slipVerify } from 'promptparse/generate';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_SLIP_REFERENCE as REFERENCE, sampleSlipPng } from '../../../test/sample-slip.ts';
import { createImageDecoder } from '../../lib/image-decoder/image-decoder.ts';
import { accountMatches, maskAccountNo, type SlipTransfer } from '../../providers/slip-verify/slip-verify-provider.ts';
import { sniffImage } from './slip-image.ts';
import { readMiniQr } from './slip-qr.ts';
import { judgeTransfer } from './slip-rules.ts';

describe('the mini QR of a bank slip', () => {
  it('gives the sending bank id and reference of a well-formed code', () => {
    expect(readMiniQr(slipVerify({ sendingBank: '014', transRef: REFERENCE }))).toEqual({
      sendingBankId: '014',
      reference: REFERENCE,
    });
  });

  it('forgives the short checksum some bank apps print', () => {
    // Find a reference whose CRC starts with 0, then drop that zero as those apps do.
    let payload = '';
    for (let i = 0; !payload; i++) {
      const candidate = slipVerify({ sendingBank: '004', transRef: `REF${String(i).padStart(8, '0')}` });
      if (candidate.at(-4) === '0') payload = candidate;
    }
    const shortened = `${payload.slice(0, -4)}${payload.slice(-3)}`;
    expect(readMiniQr(shortened)?.sendingBankId).toBe('004');
  });

  it('refuses a wrong checksum, another kind of QR, a missing country tag and odd references', () => {
    const good = slipVerify({ sendingBank: '014', transRef: REFERENCE });
    expect(readMiniQr(`${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`)).toBeNull();
    expect(readMiniQr(anyId({ type: 'MSISDN', target: '0812345678', amount: 100 }))).toBeNull();
    expect(readMiniQr('https://example.invalid/slip')).toBeNull();
    const withoutCountry = `0046000600000101030140223${REFERENCE}9104`;
    expect(readMiniQr(withoutCountry + checksum(withoutCountry))).toBeNull();
    expect(readMiniQr(slipVerify({ sendingBank: '14', transRef: REFERENCE }))).toBeNull();
    expect(readMiniQr(slipVerify({ sendingBank: '014', transRef: '../../etc' }))).toBeNull();
  });
});

describe('slip images', () => {
  const images = createImageDecoder();
  afterAll(() => images.close());

  it('knows PNG and JPEG by their first bytes, whatever the file claims', () => {
    const png = sampleSlipPng(null);
    expect(sniffImage(png)?.contentType).toBe('image/png');
    const jpg = jpeg.encode({ width: 2, height: 2, data: Buffer.alloc(16, 255) }, 80).data;
    expect(sniffImage(jpg)?.contentType).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(png.subarray(0, 8))).toBeNull();
  });

  it('finds the QR code on a slip, and says when there is none', async () => {
    const payload = slipVerify({ sendingBank: '014', transRef: REFERENCE });
    expect(await images.readQr(sampleSlipPng(payload))).toEqual({ kind: 'found', text: payload });
    expect(await images.readQr(sampleSlipPng(null))).toEqual({ kind: 'no-qr' });
  });

  it('finds the code on a large photo-sized image', async () => {
    const payload = slipVerify({ sendingBank: '014', transRef: REFERENCE });
    const slip = PNG.sync.read(sampleSlipPng(payload));
    const photo = new PNG({ width: 2400, height: 1800 });
    photo.data.fill(255);
    PNG.bitblt(slip, photo, 0, 0, slip.width, slip.height, 900, 400);
    expect(await images.readQr(PNG.sync.write(photo))).toEqual({ kind: 'found', text: payload });
  });

  it('does not decode an image that declares too many pixels, PNG or JPEG', async () => {
    const png = PNG.sync.write(new PNG({ width: 1, height: 1 }));
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    expect(await images.readQr(png)).toEqual({ kind: 'too-large', limit: 'pixels' });
    const jpg = Buffer.from(jpeg.encode({ width: 2, height: 2, data: Buffer.alloc(16, 255) }, 80).data);
    const frame = jpg.indexOf(Buffer.from([0xff, 0xc0]));
    jpg.writeUInt16BE(20_000, frame + 5);
    jpg.writeUInt16BE(20_000, frame + 7);
    expect(await images.readQr(jpg)).toEqual({ kind: 'too-large', limit: 'pixels' });
  });

  it('calls a truncated image unreadable', async () => {
    expect(await images.readQr(sampleSlipPng(null).subarray(0, 500))).toEqual({ kind: 'unreadable' });
    const jpg = jpeg.encode({ width: 64, height: 64, data: Buffer.alloc(64 * 64 * 4, 128) }, 80).data;
    expect(await images.readQr(jpg.subarray(0, 40))).toEqual({ kind: 'unreadable' });
  });
});

describe('account numbers as banks report them', () => {
  it('masks all but four digits before the last, and matches masked against full numbers', () => {
    expect(maskAccountNo('0123456789')).toBe('xxxxx5678x');
    expect(accountMatches('xxx-x-x5678-x', '0123456789')).toBe(true);
    expect(accountMatches('0123456789', '0123456789')).toBe(true);
    expect(accountMatches('xxx-x-x5679-x', '0123456789')).toBe(false);
    expect(accountMatches('xxxxx5678x', '01234567890')).toBe(false);
    // A fully masked number proves nothing.
    expect(accountMatches('xxxxxxxxxx', '0123456789')).toBe(false);
  });
});

describe('judging a confirmed transfer', () => {
  const operator: BankDepositAccount = {
    bankCode: 'KBANK',
    bankType: 'BANK',
    mode: 'AUTO',
    bankAccountName: 'OPERATOR',
    bankAccountNo: '1234567890',
    currency: 'THB',
    bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
  };
  const transfer: SlipTransfer = {
    reference: REFERENCE,
    amount: 100_00,
    transferredAt: 1_000_000,
    sender: { bankCode: 'SCB', accountNo: maskAccountNo('1112223334') },
    receiver: { bankCode: 'KBANK', accountNo: maskAccountNo('1234567890') },
  };
  const judgement = {
    player: { bankCode: 'SCB', accountNo: '1112223334', walletCurrency: 'THB' },
    depositAccounts: [operator],
    uploadedAt: 1_000_000 + 60_000,
  };

  it('passes a transfer from the player to the operator within the hour', () => {
    expect(judgeTransfer(transfer, judgement)).toBeNull();
  });

  it('refuses a gateway account, a baht slip for a kip wallet and an empty transfer', () => {
    expect(judgeTransfer(transfer, { ...judgement, depositAccounts: [{ ...operator, bankType: 'PAYMENT' }] })).toBe(
      'DEST_ACC_INVALID',
    );
    expect(judgeTransfer(transfer, { ...judgement, player: { ...judgement.player, walletCurrency: 'LAK' } })).toBe(
      'DEST_ACC_INVALID',
    );
    expect(judgeTransfer({ ...transfer, amount: 0 }, judgement)).toBe('INVALID_SLIP');
  });

  it('holds exactly one hour as still in time', () => {
    expect(judgeTransfer(transfer, { ...judgement, uploadedAt: transfer.transferredAt + 3_600_000 })).toBeNull();
    expect(judgeTransfer(transfer, { ...judgement, uploadedAt: transfer.transferredAt + 3_600_001 })).toBe(
      'EXPIRED_SLIP',
    );
  });
});
