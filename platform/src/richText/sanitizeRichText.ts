import { isAllowedHref, richTextPolicy } from '@auction/contract/richTextPolicy';
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...richTextPolicy.tags],
  allowedAttributes: Object.fromEntries(
    Object.entries(richTextPolicy.attributes).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...richTextPolicy.linkSchemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: true,
  nonTextTags: [...richTextPolicy.droppedWithContent],
  // A tag outside the list goes, its text stays (escaped): an operator's stray <div> keeps its words.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { href } = attribs;
      return {
        tagName,
        attribs: {
          ...(href !== undefined && isAllowedHref(href) ? { href } : {}),
          target: richTextPolicy.linkTarget,
          rel: richTextPolicy.linkRel,
        },
      };
    },
  },
};

/**
 * An operator's rich text reduced to the shared allowlist (formatting and safe links), before it is
 * stored. The web app sanitises again when it renders, so a row written by another path is harmless too.
 */
export function sanitizeRichText(html: string): string {
  if (html === '') return html;
  return sanitizeHtml(html, options);
}
