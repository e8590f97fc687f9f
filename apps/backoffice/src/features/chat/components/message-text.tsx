import { splitLinks } from '../lib/links';

/** A message's text as text (never HTML), its web addresses as links that open apart from the console. */
export function MessageText({ text }: { text: string }) {
  return (
    <span className="chat-text">
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
