import { vi } from 'vitest';

/** Catches the file a screen saves: the blob it makes and the click on the hidden link that saves it. */
export function stubDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:download');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  /** The names of the files saved so far. */
  const saved = () => click.mock.contexts.map((link) => (link as HTMLAnchorElement).download);
  return { createObjectURL, click, saved };
}
