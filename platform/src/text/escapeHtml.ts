const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to write into HTML, between tags or inside a quoted attribute: the pages the
 * server draws itself (an auction's first screen, the outbox, the Stripe double's checkout) and
 * the emails' HTML part.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
