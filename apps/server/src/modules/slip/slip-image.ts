import type { SlipImageType } from '@wallet/contract/slip';
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export interface SniffedImage {
  contentType: SlipImageType;
  extension: 'png' | 'jpg';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG or JPEG by the file's first bytes; a renamed PDF or text file is neither, whatever its name says. */
export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { contentType: 'image/jpeg', extension: 'jpg' };
  }
  return null;
}

/**
 * Largest image we decode. A 10 MB file can declare a huge canvas (a "decompression bomb"); phone
 * screenshots and 12 MP photos are far below this.
 */
export const MAX_SLIP_PIXELS = 20_000_000;
/** QR search runs first on a copy shrunk to about this size: ~8× faster on a photo, modules stay crisp. */
const QR_SEARCH_PIXELS = 3_000_000;

interface Size {
  width: number;
  height: number;
}

/** The canvas size a PNG declares in its IHDR chunk, read before decoding anything. */
function pngSize(bytes: Buffer): Size | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The canvas size a JPEG declares in its first start-of-frame segment. */
function jpegSize(bytes: Buffer): Size | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    // Fill bytes and stand-alone markers carry no length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

interface Pixels extends Size {
  rgba: Uint8ClampedArray;
}

function decode(bytes: Buffer, type: SlipImageType): Pixels {
  if (type === 'image/png') {
    const png = PNG.sync.read(bytes);
    return {
      width: png.width,
      height: png.height,
      rgba: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    };
  }
  const image = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_SLIP_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 256,
  });
  return {
    width: image.width,
    height: image.height,
    rgba: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
  };
}

/** Averages each factor×factor block into one pixel. */
function shrink(image: Pixels, factor: number): Pixels {
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const rgba = new Uint8ClampedArray(width * height * 4);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * image.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, i += 4) {
          red += image.rgba[i] as number;
          green += image.rgba[i + 1] as number;
          blue += image.rgba[i + 2] as number;
        }
      }
      const o = (y * width + x) * 4;
      rgba[o] = red / area;
      rgba[o + 1] = green / area;
      rgba[o + 2] = blue / area;
      rgba[o + 3] = 255;
    }
  }
  return { width, height, rgba };
}

function findQr(image: Pixels): string | null {
  return jsQR(image.rgba, image.width, image.height)?.data ?? null;
}

export type QrReading =
  | { kind: 'found'; text: string }
  /** Decoded fine, but no QR code in it. */
  | { kind: 'no-qr' }
  /** Claims to be an image but its pixels cannot be decoded (truncated, corrupt). */
  | { kind: 'unreadable' }
  /** Declares more pixels than we are willing to decode. */
  | { kind: 'too-large' };

/**
 * Decodes a slip image and looks for its QR code. Runs on the event loop: a 12 MP photo with no code
 * costs about a second, which the once-a-minute upload rule keeps rare.
 */
export function readSlipQr(bytes: Buffer, type: SlipImageType): QrReading {
  const size = type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size || size.width === 0 || size.height === 0) return { kind: 'unreadable' };
  if (size.width * size.height > MAX_SLIP_PIXELS) return { kind: 'too-large' };
  let image: Pixels;
  try {
    image = decode(bytes, type);
  } catch {
    return { kind: 'unreadable' };
  }
  const pixels = image.width * image.height;
  if (pixels > QR_SEARCH_PIXELS) {
    const text = findQr(shrink(image, Math.ceil(Math.sqrt(pixels / QR_SEARCH_PIXELS))));
    if (text !== null) return { kind: 'found', text };
  }
  const text = findQr(image);
  return text === null ? { kind: 'no-qr' } : { kind: 'found', text };
}
