import { vi } from 'vitest';

/** Stands in for window.open: a blank window whose location the app sets later, or null when "blocked". */
export function stubPopup({ blocked = false }: { blocked?: boolean } = {}) {
  const popup = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockImplementation(() => (blocked ? null : (popup as unknown as Window)));
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  return { popup, open, assign };
}
