import { isAllowedHref, richTextPolicy } from '@auction/contract/richTextPolicy';
import DOMPurify from 'dompurify';

const purifier = DOMPurify(window);

// The policy's attributes belong to links only; its schemes are checked by the same rule as the API's.
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const allowed = (richTextPolicy.attributes as Record<string, readonly string[]>)[node.nodeName.toLowerCase()] ?? [];
  if (!allowed.includes(data.attrName)) data.keepAttr = false;
  else if (data.attrName === 'href' && !isAllowedHref(data.attrValue)) data.keepAttr = false;
});
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  node.setAttribute('target', richTextPolicy.linkTarget);
  node.setAttribute('rel', richTextPolicy.linkRel);
});

const config = {
  ALLOWED_TAGS: [...richTextPolicy.tags],
  ALLOWED_ATTR: [...new Set(Object.values(richTextPolicy.attributes).flat())],
  ADD_FORBID_CONTENTS: [...richTextPolicy.droppedWithContent],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/**
 * Rich text reduced to the shared allowlist right before it becomes HTML in the page. The API stored
 * it sanitised already; this second pass keeps a row written some other way (an import, a direct
 * database edit, an older release) from running script in a visitor's browser.
 */
export function sanitizeRichText(html: string): string {
  if (html === '') return html;
  return purifier.sanitize(html, config);
}
