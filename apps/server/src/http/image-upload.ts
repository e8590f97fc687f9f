import multipart from '@fastify/multipart';
import { BANNER_FILE_FIELD, BANNER_IMAGE_MAX_BYTES } from '@wallet/contract/backoffice/content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refused } from '../lib/domain-error.ts';

/** One image and a handful of short fields; a banner form has no business carrying more. */
const MULTIPART_LIMITS = {
  files: 1,
  fileSize: BANNER_IMAGE_MAX_BYTES,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 50,
  parts: 11,
  headerPairs: 50,
};

/**
 * The back office's banner-image uploads (home banners, bonus, invite and refund banners) all come
 * through here: one image under BANNER_FILE_FIELD, at most BANNER_IMAGE_MAX_BYTES (larger is refused,
 * not cut), beside short text fields. Register it in the plugin of the routes that take uploads only.
 */
export async function acceptImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
}

/** Reads an upload's image and its text fields; nothing is stored here. */
export async function readImageUpload(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ image: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw refused('KEY_MISSING', BANNER_FILE_FIELD);
  let image: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === BANNER_FILE_FIELD) image = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const errors = app.multipartErrors;
    if (error instanceof errors.RequestFileTooLargeError || error instanceof errors.FilesLimitError) {
      throw refused('IMAGE_INVALID', BANNER_FILE_FIELD);
    }
    throw refused('KEY_INVALID', BANNER_FILE_FIELD);
  }
  if (!image || image.length === 0) throw refused('KEY_MISSING', BANNER_FILE_FIELD);
  return { image, fields };
}
