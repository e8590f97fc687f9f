import type { SlipImageType } from '@wallet/contract/slip';
import { imageTypeOf } from '../../lib/image-decoder/image-header.ts';

export interface SniffedImage {
  contentType: SlipImageType;
  extension: 'png' | 'jpg';
}

/**
 * PNG or JPEG by the file's first bytes; a renamed PDF or text file is neither, whatever its name says.
 * Reading the image (its QR code) is the app's image decoder's job, off the event loop.
 */
export function sniffImage(bytes: Buffer): SniffedImage | null {
  const type = imageTypeOf(bytes);
  if (type === 'image/png') return { contentType: 'image/png', extension: 'png' };
  if (type === 'image/jpeg') return { contentType: 'image/jpeg', extension: 'jpg' };
  return null;
}
