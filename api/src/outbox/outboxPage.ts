import { escapeHtml, type OutboxMessage } from '@auction/platform';

/** How many of the latest messages the outbox shows. */
export const OUTBOX_LIMIT = 100;

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escapes the text and turns each http(s) address in it into a link. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    // Sentence punctuation right after an address is not part of it.
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The outbox as a page: every message escaped, its addresses clickable. */
export function outboxPage(messages: OutboxMessage[], to: string | undefined): string {
  const items = messages
    .map(
      (m) => `<article>
  <header>
    <span class="channel">${m.channel === 'email' ? 'Email' : 'SMS'}</span>
    <strong>${escapeHtml(m.to)}</strong>
    <time datetime="${escapeHtml(m.receivedAt.toISOString())}">${escapeHtml(m.receivedAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>
  </header>
  <dl>
    <dt>From</dt><dd>${escapeHtml(m.from)}</dd>
    ${m.subject !== null ? `<dt>Subject</dt><dd>${escapeHtml(m.subject)}</dd>` : ''}
    ${m.messageId !== null ? `<dt>Id</dt><dd><code>${escapeHtml(m.messageId)}</code></dd>` : ''}
    ${m.attachments.length > 0 ? `<dt>Attachments</dt><dd>${m.attachments.map((a) => `${escapeHtml(a.filename)} (${escapeHtml(a.contentType)}, ${a.size} bytes)`).join(', ')}</dd>` : ''}
  </dl>
  <pre>${linkify(m.body)}</pre>
</article>`,
    )
    .join('\n');
  const filter = to ? ` to ${escapeHtml(to)} (<a href="/outbox">all</a>)` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 1rem auto; padding: 0 1rem; color: #111; }
  article { border: 1px solid #ccc; border-radius: 6px; padding: .75rem 1rem; margin: .75rem 0; }
  header { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; }
  .channel { font-size: .8rem; text-transform: uppercase; background: #eef; padding: .1rem .4rem; border-radius: 4px; }
  time { color: #555; margin-left: auto; font-size: .9rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; font-size: .9rem; }
  dt { color: #555; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f7f7f7; padding: .75rem; border-radius: 4px; margin: 0; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>Email and SMS caught by the local SMTP catcher and SMS double, newest first (latest ${OUTBOX_LIMIT})${filter}. Nothing here left this machine.</p>
${items || '<p>No messages yet.</p>'}
</body>
</html>
`;
}
