import multipart from '@fastify/multipart';
import { CHAT_FILE_FIELD } from '@wallet/contract/chat';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refused } from '../../lib/domain-error.ts';
import { CHAT_TOO_LARGE, CHAT_UPLOAD_MAX_BYTES, type ChatUploadKind } from './chat-files.ts';

/** Only this plugin's routes take multipart: one file and nothing much else. */
export async function acceptChatUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fields: 5, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
}

/**
 * Reads the one file of a chat upload into memory, at most the kind's limit (10 MB images, 20 MB
 * videos): a larger file is cut off by the parser and refused with the kind's too-large code.
 */
export async function readChatUpload(app: FastifyInstance, request: FastifyRequest, kind: ChatUploadKind) {
  if (!request.isMultipart()) throw refused('KEY_MISSING', CHAT_FILE_FIELD);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: CHAT_UPLOAD_MAX_BYTES[kind] } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === CHAT_FILE_FIELD) file = bytes;
    }
  } catch (error) {
    const errors = app.multipartErrors;
    if (error instanceof errors.RequestFileTooLargeError) throw refused(CHAT_TOO_LARGE[kind], CHAT_FILE_FIELD);
    if (error instanceof errors.FilesLimitError) throw refused('KEY_INVALID', CHAT_FILE_FIELD);
    throw refused('KEY_INVALID', CHAT_FILE_FIELD);
  }
  if (!file || file.length === 0) throw refused('KEY_MISSING', CHAT_FILE_FIELD);
  return file;
}
