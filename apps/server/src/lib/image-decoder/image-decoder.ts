import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { FindQrResult, FindQrTask } from './decode-worker.ts';
import { type DecodableImageType, declaredSize, type ImageSize, imageTypeOf, pngIsWhole } from './image-header.ts';

/**
 * What the server agrees to decode, and with what. Pixels bound the memory a decode takes (4 bytes
 * each); the time and heap limits catch what the header check cannot foresee.
 */
export interface ImageDecoderLimits {
  /** 16 MP: a 12 MP phone photo (4032×3024) or any screenshot fits; 64 MB of pixels at most. */
  maxPixels: number;
  /** A side longer than this is no photo or screenshot: 20,000,000×1 is a bomb, not a slip. */
  maxSide: number;
  /** Running time of one decode; a decode still going then is stopped and its worker replaced. */
  timeLimitMs: number;
  /** JavaScript heap of one worker; a decode that needs more is stopped and its worker replaced. */
  memoryLimitMb: number;
  /** Decodes at once. Each takes a whole CPU while it runs. */
  threads: number;
  /** Decodes waiting for a thread; beyond this a request is refused (ImageDecoderBusy). */
  maxQueue: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageDecoderLimits = {
  maxPixels: 16_000_000,
  maxSide: 10_000,
  timeLimitMs: 15_000,
  memoryLimitMb: 256,
  threads: 2,
  maxQueue: 16,
};

/** What one use of the decoder may set for itself (chat media may allow other sizes than slips). */
export type PerImageLimits = Partial<Pick<ImageDecoderLimits, 'maxPixels' | 'maxSide' | 'timeLimitMs'>>;

/** The header check alone, without decoding: what the image says it is. */
export type ImageInspection =
  | ({ kind: 'ok'; type: DecodableImageType } & ImageSize)
  /** Neither PNG nor JPEG, a header that names no usable size, or a PNG cut off before its end. */
  | { kind: 'unreadable' }
  | { kind: 'too-large'; limit: 'pixels' };

export type QrReading =
  | FindQrResult
  /**
   * More than we are willing to process: the size the header declares (nothing was decoded), or a
   * decode that ran out of its time or memory.
   */
  | { kind: 'too-large'; limit: 'pixels' | 'time' | 'memory' };

/** Every thread is busy and the queue is full: try again later. */
export class ImageDecoderBusy extends Error {
  constructor() {
    super('image decoder queue is full');
  }
}

/**
 * Decodes untrusted images (slips today, chat media next) without letting one stall the server: the
 * header is checked before any pixel is unpacked, and decoding runs in a small pool of worker threads,
 * each decode under a time and memory limit. One decoder per app, shared, so the pool bounds the CPU
 * all image work takes together.
 */
export interface ImageDecoder {
  inspect(bytes: Uint8Array, limits?: PerImageLimits): ImageInspection;
  /** Decodes the image in a worker and reads the QR code in it. Rejects with ImageDecoderBusy when overloaded. */
  readQr(bytes: Uint8Array, limits?: PerImageLimits): Promise<QrReading>;
  /** Images handed to a worker so far; one refused by its header is never handed over. */
  decodesRequested(): number;
  /** Stops every worker; a decode still running is abandoned. */
  close(): Promise<void>;
}

/**
 * From sources (tsx, vitest) the worker is the TypeScript file beside this one, loaded through tsx; in
 * the server bundle this module is part of dist/main.js and the worker is built beside it (build.mjs).
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_URL = FROM_SOURCES
  ? new URL('./decode-worker.ts', import.meta.url)
  : new URL('./image-decode-worker.js', import.meta.url);

function workerExecArgv(): string[] | undefined {
  if (!FROM_SOURCES) return undefined;
  return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
}

function isOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

export function createImageDecoder(overrides: Partial<ImageDecoderLimits> = {}): ImageDecoder {
  const limits: ImageDecoderLimits = { ...DEFAULT_IMAGE_LIMITS, ...overrides };
  let pool: Piscina<FindQrTask, FindQrResult> | undefined;
  // Made on the first image, so an app that decodes none (most tests, a fresh server) starts no thread.
  const workers = () => {
    const execArgv = workerExecArgv();
    pool ??= new Piscina<FindQrTask, FindQrResult>({
      filename: WORKER_URL.href,
      // As many threads kept as allowed: piscina replaces a stopped worker only up to minThreads, and
      // jobs queued behind a stopped one would otherwise wait for the next image to arrive.
      minThreads: limits.threads,
      maxThreads: limits.threads,
      maxQueue: limits.maxQueue,
      // Workers wait on their message port, not on Atomics: their event loop stays free between jobs.
      atomics: 'disabled',
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryLimitMb },
      ...(execArgv ? { execArgv } : {}),
    });
    return pool;
  };
  let requested = 0;
  let closed = false;

  function inspect(bytes: Uint8Array, overrides: PerImageLimits = {}): ImageInspection {
    const { maxPixels, maxSide } = { ...limits, ...overrides };
    const type = imageTypeOf(bytes);
    if (!type || (type === 'image/png' && !pngIsWhole(bytes))) return { kind: 'unreadable' };
    const size = declaredSize(bytes, type);
    if (!size || size.width === 0 || size.height === 0) return { kind: 'unreadable' };
    const { width, height } = size;
    if (width > maxSide || height > maxSide || width * height > maxPixels) {
      return { kind: 'too-large', limit: 'pixels' };
    }
    return { kind: 'ok', type, width, height };
  }

  async function readQr(bytes: Uint8Array, overrides: PerImageLimits = {}): Promise<QrReading> {
    const { maxPixels, timeLimitMs } = { ...limits, ...overrides };
    const inspection = inspect(bytes, overrides);
    if (inspection.kind !== 'ok') return inspection;
    if (closed) throw new Error('image decoder is closed');
    const pool = workers();
    if (pool.queueSize >= limits.maxQueue) throw new ImageDecoderBusy();

    // The time limit starts when a worker takes the job, not while it waits in the queue behind others.
    const abort = new AbortController();
    const { port1: startedSignal, port2: startedPort } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    startedSignal.once('message', () => {
      timer = setTimeout(() => abort.abort(), timeLimitMs);
    });
    // A copy of exactly these bytes, handed over rather than copied once more.
    const copy = new Uint8Array(bytes);
    requested += 1;
    try {
      return await pool.run(
        { bytes: copy, type: inspection.type, maxPixels, started: startedPort },
        { transferList: [startedPort, copy.buffer], signal: abort.signal },
      );
    } catch (error) {
      // An aborted running job takes its worker down with it; the pool starts a fresh one.
      if (abort.signal.aborted) return { kind: 'too-large', limit: 'time' };
      if (isOutOfMemory(error)) return { kind: 'too-large', limit: 'memory' };
      throw error;
    } finally {
      clearTimeout(timer);
      startedSignal.close();
    }
  }

  return {
    inspect,
    readQr,
    decodesRequested: () => requested,
    async close() {
      if (closed) return;
      closed = true;
      await pool?.destroy();
    },
  };
}
