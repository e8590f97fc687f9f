import { IMAGE_MAX_BYTES, IMAGE_MAX_MB, VIDEO_MAX_BYTES, VIDEO_MAX_MB } from '@wallet/contract/constants';

/**
 * Accepted attachments (SPEC §5, issue 17) by MIME type; the contract's CHAT_ATTACHMENT_TYPES lives in a
 * module with Zod, which must stay out of the player's chunks. The server reads the real type from the bytes.
 */
const TYPES: Record<string, 'image' | 'video'> = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/jpg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
};

export const ATTACHMENT_ACCEPT = Object.keys(TYPES).join(',');

export type AttachmentCheck =
  | { ok: true; fileType: 'image' | 'video' }
  | { ok: false; error: 'unsupported' }
  | { ok: false; error: 'tooLarge'; maxMb: number };

export function checkAttachment(file: Pick<File, 'name' | 'type' | 'size'>): AttachmentCheck {
  const fileType = TYPES[file.type.toLowerCase()];
  // The file name must contain an extension (SPEC §5).
  if (!fileType || !/\.[A-Za-z0-9]+$/.test(file.name)) return { ok: false, error: 'unsupported' };
  const [max, maxMb] = fileType === 'image' ? [IMAGE_MAX_BYTES, IMAGE_MAX_MB] : [VIDEO_MAX_BYTES, VIDEO_MAX_MB];
  if (file.size > max) return { ok: false, error: 'tooLarge', maxMb };
  return { ok: true, fileType };
}
