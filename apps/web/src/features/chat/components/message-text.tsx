import { linkify } from '../lib/linkify';

/**
 * A message as text (never HTML, SPEC and issue 17): http and https addresses become links that open in a new
 * tab without handing the page to it; anything else, markup and javascript: included, is shown as typed.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="chat-text">
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
