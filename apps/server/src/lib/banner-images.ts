import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageTypeOf } from './image-decoder/image-header.ts';

export type BannerImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const EXTENSION: Record<BannerImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const TYPE_OF_EXTENSION: Record<string, BannerImageType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
const FILE_NAME = /^[A-Za-z0-9]{8,40}\.(png|jpg|webp)$/;

/**
 * A banner's type from its first bytes (PNG, JPEG, or WebP's RIFF….WEBP), never from its name or
 * the browser's word; null for anything else (an SVG, which can carry script, included).
 */
export function bannerImageType(bytes: Uint8Array): BannerImageType | null {
  const decodable = imageTypeOf(bytes);
  if (decodable) return decodable;
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length > 16 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Where players' browsers fetch a banner image (http/banner-images.ts serves it). */
export function bannerImagePath(file: string): string {
  return `/media/banners/${file}`;
}

/** The file name of a banner image: the banner's id and the extension of its real type. */
export function bannerImageFile(id: string, type: BannerImageType): string {
  return `${id}.${EXTENSION[type]}`;
}

/** The type a stored banner file is served as, from the name we gave it; undefined for any other name. */
export function bannerFileType(file: string): BannerImageType | undefined {
  if (!FILE_NAME.test(file)) return undefined;
  return TYPE_OF_EXTENSION[file.split('.')[1] as string];
}

/**
 * Banner images under <uploadsDir>/banners/, like slips outside the web root, under names we made.
 * A replaced or deleted banner's file is removed after its row is gone.
 */
export function createBannerStorage(uploadsDir: string) {
  const dir = join(uploadsDir, 'banners');
  const pathOf = (file: string) => {
    if (!bannerFileType(file)) throw new Error(`not a banner file name: ${file}`);
    return join(dir, file);
  };
  return {
    async save(file: string, bytes: Buffer): Promise<void> {
      await mkdir(dir, { recursive: true });
      await writeFile(pathOf(file), bytes, { flag: 'wx', mode: 0o600 });
    },
    async read(file: string): Promise<Buffer | undefined> {
      try {
        return await readFile(pathOf(file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(file: string): Promise<void> {
      await rm(pathOf(file), { force: true });
    },
  };
}
export type BannerStorage = ReturnType<typeof createBannerStorage>;
