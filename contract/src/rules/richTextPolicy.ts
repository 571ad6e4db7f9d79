/**
 * The one allowlist of rich text (lot description, information and shipping text, auction tab
 * content): formatting and links, nothing that runs or restyles the page. The API's sanitiser
 * (sanitize-html, when text is written) and the web app's (DOMPurify, when it is shown) both read
 * it, so what is stored and what is rendered agree. No dependency: the web app imports it too.
 */
export const richTextPolicy = {
  tags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'span',
  ],
  /** Only links carry attributes; `target` and `rel` are set by the sanitisers, whatever was sent. */
  attributes: { a: ['href', 'target', 'rel'] },
  /** Schemes a link may use; a relative address (no scheme) is kept too. */
  linkSchemes: ['http', 'https', 'mailto', 'tel'],
  /** Every link opens apart from the auction and gives the opened page no handle on it. */
  linkTarget: '_blank',
  linkRel: 'noopener noreferrer',
  /** Elements dropped with their content, not just their tags (their text is code or nothing to read). */
  droppedWithContent: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'noembed',
    'noframes',
    'xmp',
  ],
} as const;

/**
 * True for an address a link may point to: one of the policy's schemes, or none (relative).
 * Browsers ignore tabs and newlines and leading spaces or control characters in a scheme
 * (`jav&#9;ascript:`), so those are removed before the scheme is read.
 */
export function isAllowedHref(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what browsers strip
  const cleaned = href.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1];
  if (scheme === undefined) return true;
  return (richTextPolicy.linkSchemes as readonly string[]).includes(scheme.toLowerCase());
}
