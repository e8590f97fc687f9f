export function setCookie(name: string, value: string, maxAgeSeconds = 365 * 24 * 3600): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads this plain cookie; cookieStore is not in every supported browser.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

export function getCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}
