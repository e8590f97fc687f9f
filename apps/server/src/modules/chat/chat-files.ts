import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHAT_ATTACHMENT_TYPES, type ChatAttachmentMime } from '@wallet/contract/chat';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@wallet/contract/constants';
import { fileTypeFromBuffer } from 'file-type';
import { refused } from '../../lib/domain-error.ts';

export type ChatUploadKind = 'image' | 'video';

/** Where a chat file is served; the path with its signature is what a media message carries. */
export const CHAT_FILES_PATH = '/api/chat/files';

export const CHAT_UPLOAD_MAX_BYTES: Record<ChatUploadKind, number> = { image: IMAGE_MAX_BYTES, video: VIDEO_MAX_BYTES };
export const CHAT_TOO_LARGE = { image: 'CHAT_IMAGE_TOO_LARGE', video: 'CHAT_VIDEO_TOO_LARGE' } as const;

/**
 * The file's type read from its bytes (file-type), never from its name or the part's header: an HTML
 * page named photo.jpg or a PNG named clip.mp4 is refused. Only the kinds of the route are accepted.
 */
export async function sniffChatFile(bytes: Buffer, kind: ChatUploadKind): Promise<ChatAttachmentMime> {
  const found = await fileTypeFromBuffer(bytes);
  const mime = found?.mime as string | undefined;
  const accepted = mime !== undefined && mime in CHAT_ATTACHMENT_TYPES ? (mime as ChatAttachmentMime) : undefined;
  if (!accepted || CHAT_ATTACHMENT_TYPES[accepted].fileType !== kind) throw refused('CHAT_FILE_UNSUPPORTED', 'file');
  return accepted;
}

/**
 * Chat files under DATA_DIR/chat, outside every served folder: they are read back only through
 * CHAT_FILES_PATH with a signature made from the server's secret, handed out only inside the
 * conversation (its messages, its history, the console).
 */
export function createChatFileStore(dir: string, key: string) {
  const sign = (id: string) => createHmac('sha256', key).update(`chat-file:${id}`).digest('base64url');
  return {
    async write(id: string, bytes: Buffer): Promise<void> {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, id), bytes, { flag: 'wx' });
    },
    read(id: string): Promise<Buffer> {
      return readFile(join(dir, id));
    },
    pathOf(id: string): string {
      return `${CHAT_FILES_PATH}/${id}?sig=${sign(id)}`;
    },
    verify(id: string, signature: string): boolean {
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    /** The upload id behind a path this store made, or undefined for anything else. */
    idOfPath(path: string): string | undefined {
      const match = /^\/api\/chat\/files\/([A-Za-z0-9]{1,40})\?sig=([A-Za-z0-9_-]{1,100})$/.exec(path);
      if (!match) return undefined;
      const [, id, signature] = match as unknown as [string, string, string];
      return this.verify(id, signature) ? id : undefined;
    },
  };
}
export type ChatFileStore = ReturnType<typeof createChatFileStore>;
