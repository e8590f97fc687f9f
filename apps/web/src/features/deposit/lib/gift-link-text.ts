/** The first web link in a text: only characters a URL may hold, so Thai or Lao words glued to it stay out. */
const LINK_IN_TEXT = /https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/i;
/** Sentence punctuation that ends a share message right after the link is not part of it. */
const TRAILING_PUNCTUATION = /[.,!?;:)\]'"]+$/;

/**
 * The gift link inside what the player pasted: mobile wallets share a message ("รับของขวัญ <link> ด่วน!"),
 * not the bare link. Text without a link is returned trimmed, for the server to judge.
 */
export function giftLinkIn(text: string): string {
  const found = LINK_IN_TEXT.exec(text);
  return found ? found[0].replace(TRAILING_PUNCTUATION, '') : text.trim();
}
