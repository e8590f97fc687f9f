/**
 * Splits a message into plain text and links. Only http and https addresses become links; everything
 * else (javascript:, data:, markup) stays text, and the caller renders both as text nodes, never HTML.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence more often than it ends an address. */
const TRAILING = /[.,!?;:)\]}'"]+$/;

export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (value: string) => {
    if (!value) return;
    const previous = parts[parts.length - 1];
    if (previous?.kind === 'text') previous.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    const raw = match[0].replace(TRAILING, '');
    const href = safeHref(raw);
    push(text.slice(last, start));
    if (href) parts.push({ kind: 'link', text: raw, href });
    else push(raw);
    last = start + raw.length;
  }
  push(text.slice(last));
  return parts;
}
