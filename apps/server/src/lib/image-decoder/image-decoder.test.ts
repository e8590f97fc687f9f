import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { blackPng, pngBomb } from '../../../test/png-bomb.ts';
import { SAMPLE_SLIP_QR, sampleSlipPng } from '../../../test/sample-slip.ts';
import { createImageDecoder, ImageDecoderBusy } from './image-decoder.ts';

const PAYLOAD = SAMPLE_SLIP_QR;

/** A white photo-sized picture: seconds of decoding and QR search, well within every size limit. */
function bigWhitePng(): Buffer {
  const photo = new PNG({ width: 4000, height: 3000 });
  photo.data.fill(255);
  return PNG.sync.write(photo);
}

describe('the image decoder', () => {
  const decoders: ReturnType<typeof createImageDecoder>[] = [];
  const decoder = (overrides: Parameters<typeof createImageDecoder>[0] = {}) => {
    const created = createImageDecoder(overrides);
    decoders.push(created);
    return created;
  };
  afterAll(async () => {
    for (const created of decoders) await created.close();
  });

  it('refuses the 19.5 KB PNG declaring 20,000,000×1 pixels by its header, and never decodes it', async () => {
    const images = decoder();
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(20_000);
    // A real PNG: its declared pixels are all there, compressed.
    expect(images.inspect(bomb)).toEqual({ kind: 'too-large', limit: 'pixels' });
    expect(await images.readQr(bomb)).toEqual({ kind: 'too-large', limit: 'pixels' });
    // Square, and past the pixel budget rather than the side limit.
    expect(await images.readQr(blackPng(4001, 4000))).toEqual({ kind: 'too-large', limit: 'pixels' });
    expect(images.decodesRequested()).toBe(0);
  });

  it('reads a slip’s QR code in a worker while the event loop keeps turning', async () => {
    const images = decoder();
    expect(await images.readQr(sampleSlipPng())).toEqual({ kind: 'found', text: PAYLOAD });

    const order: string[] = [];
    const reading = images.readQr(bigWhitePng()).then((result) => {
      order.push('decoded');
      return result;
    });
    // One turn of the event loop, queued after the decode began: it runs first unless the decode blocks.
    await new Promise((resolve) => setImmediate(resolve));
    order.push('event loop turned');
    expect(await reading).toEqual({ kind: 'no-qr' });
    expect(order).toEqual(['event loop turned', 'decoded']);
    expect(images.decodesRequested()).toBe(2);
  });

  it('stops a decode that runs past its time limit and keeps serving with a fresh worker', async () => {
    const images = decoder({ threads: 1 });
    const big = bigWhitePng();
    expect(await images.readQr(big, { timeLimitMs: 1 })).toEqual({ kind: 'too-large', limit: 'time' });
    // Two more at once on the one thread: the second waits, and its limit counts from its own start.
    const [first, second] = await Promise.all([images.readQr(big, { timeLimitMs: 1 }), images.readQr(sampleSlipPng())]);
    expect(first).toEqual({ kind: 'too-large', limit: 'time' });
    expect(second).toEqual({ kind: 'found', text: PAYLOAD });
    expect(images.decodesRequested()).toBe(3);
  });

  it('refuses decodes beyond its queue instead of piling them up', async () => {
    const images = decoder({ threads: 1, maxQueue: 1 });
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => images.readQr(sampleSlipPng())));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ImageDecoderBusy);
    expect(results[0]).toEqual({ status: 'fulfilled', value: { kind: 'found', text: PAYLOAD } });
  });

  it('calls a cut-off PNG unreadable without decoding it', async () => {
    // pngjs decodes some cut-off files without complaint, filling the missing rows from uninitialised
    // memory: in a long-lived worker, the pixels of earlier images, whose QR codes it then "reads".
    const images = decoder();
    const slip = sampleSlipPng();
    for (const cut of [40, 2000, 6000, slip.length - 13]) {
      expect(await images.readQr(slip.subarray(0, cut))).toEqual({ kind: 'unreadable' });
    }
    expect(images.decodesRequested()).toBe(0);
    expect(await images.readQr(slip)).toEqual({ kind: 'found', text: PAYLOAD });
  });

  it('calls a truncated or foreign file unreadable, and refuses work once closed', async () => {
    const images = createImageDecoder();
    expect(await images.readQr(sampleSlipPng().subarray(0, 500))).toEqual({ kind: 'unreadable' });
    expect(await images.readQr(Buffer.from('%PDF-1.7 not an image'))).toEqual({ kind: 'unreadable' });
    await images.close();
    await expect(images.readQr(sampleSlipPng())).rejects.toThrow('closed');
  });
});
