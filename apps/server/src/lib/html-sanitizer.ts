import sanitizeHtml from 'sanitize-html';

/**
 * What operator HTML may hold once saved: text formatting, lists, links and images, nothing that
 * runs. Scripts, styles, iframes, forms and every on* attribute are dropped, and links and images keep
 * only http(s), mailto, tel and line: addresses (never javascript: or data:). The player app still
 * passes every text through DOMPurify (SafeHtml): two locks, either of which stops an attack.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'small',
    'mark',
    'sub',
    'sup',
    'span',
    'div',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'line'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link that opens a new tab cannot reach back into the player's app; any other target is dropped.
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return target === '_blank'
        ? { tagName, attribs: { ...rest, target: '_blank', rel: 'noopener noreferrer' } }
        : { tagName, attribs: rest };
    },
  },
};

/** Operator HTML as it may be stored and served to players. */
export function sanitizeOperatorHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
