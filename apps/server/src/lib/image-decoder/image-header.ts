/** The image formats the decoder can read; anything else is refused before any work is done. */
export type DecodableImageType = 'image/png' | 'image/jpeg';

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG or JPEG by the file's first bytes; a renamed PDF or text file is neither, whatever its name says. */
export function imageTypeOf(bytes: Uint8Array): DecodableImageType | null {
  if (bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.equals(bytes.subarray(0, PNG_SIGNATURE.length))) {
    return 'image/png';
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The canvas size a PNG declares in its IHDR chunk. */
function pngSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Whether a PNG's chunks run whole up to its IEND. pngjs decodes some cut-off files without complaint
 * and fills the rows they lack from uninitialised memory: in a long-lived worker thread, the pixels of
 * earlier images, whose QR codes would then be read from this one.
 */
export function pngIsWhole(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = PNG_SIGNATURE.length;
  while (offset + 12 <= buffer.length) {
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    offset += 12 + buffer.readUInt32BE(offset);
    if (offset > buffer.length) return false;
    if (type === 'IEND') return true;
  }
  return false;
}

/** The canvas size a JPEG declares in its first start-of-frame segment. */
function jpegSize(bytes: Buffer): ImageSize | null {
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

/**
 * The size an image says it has, read from its header without decoding anything: a 20 KB file can
 * declare a canvas whose pixels take seconds and hundreds of megabytes to unpack.
 */
export function declaredSize(bytes: Uint8Array, type: DecodableImageType): ImageSize | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return type === 'image/png' ? pngSize(buffer) : jpegSize(buffer);
}
