import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by PDFKit shows, one string per line of each page, top to bottom: what a
 * reader copies from it. The pieces drawn on one line (an amount row's label and its amount) are
 * joined by a space.
 *
 * Enough of PDF for the product's documents and nothing more: PDFKit writes each font embedded
 * (Type0, Identity-H, two bytes a glyph) with a ToUnicode map, and each run of text as a `TJ` array
 * of hex strings after a `Tm` that places it. Good for tests, not a general reader.
 */
export function pdfText(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const dict = (ref: number) => objects.get(ref)?.dict ?? '';
  const refIn = (text: string, key: string) => {
    const match = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(text);
    return match ? Number(match[1]) : null;
  };
  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Catalog/.test(o.dict));
  const pagesRef = catalog ? refIn(catalog.dict, 'Pages') : null;
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(pagesRef === null ? '' : dict(pagesRef))?.[1] ?? '';
  const lines: string[] = [];
  for (const [, page] of kids.matchAll(/(\d+)\s+0\s+R/g)) {
    const pageDict = dict(Number(page));
    const resourcesRef = refIn(pageDict, 'Resources');
    const resources = resourcesRef === null ? pageDict : dict(resourcesRef);
    const fontsText = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    const fonts = new Map<string, Map<number, string>>();
    for (const [, name, ref] of fontsText.matchAll(/\/(\S+)\s+(\d+)\s+0\s+R/g)) {
      const toUnicode = refIn(dict(Number(ref)), 'ToUnicode');
      const cmap = toUnicode === null ? undefined : objects.get(toUnicode)?.stream;
      fonts.set(String(name), cmap ? unicodeMap(cmap.toString('latin1')) : new Map());
    }
    const contentsRef = refIn(pageDict, 'Contents');
    const content = contentsRef === null ? undefined : objects.get(contentsRef)?.stream;
    if (content) lines.push(...pageLines(content.toString('latin1'), fonts));
  }
  return lines;
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+)\s+0\s+obj\b/g;
  let match = header.exec(text);
  while (match) {
    const start = match.index + match[0].length;
    const streamAt = text.indexOf('stream', start);
    const endAt = text.indexOf('endobj', start);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = text.slice(start, streamAt);
      const length = Number(/\/Length\s+(\d+)/.exec(dict)?.[1] ?? 0);
      const dataStart = streamAt + 'stream'.length + (text[streamAt + 6] === '\r' ? 2 : 1);
      const raw = pdf.subarray(dataStart, dataStart + length);
      const stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
      objects.set(Number(match[1]), { dict, stream });
      header.lastIndex = text.indexOf('endobj', dataStart + length);
    } else {
      objects.set(Number(match[1]), { dict: text.slice(start, endAt) });
      header.lastIndex = endAt;
    }
    match = header.exec(text);
  }
  return objects;
}

/** A ToUnicode CMap's glyph codes and the text each stands for (bfchar and bfrange). */
function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  // A value may be several code units written with spaces: PDFKit maps a ligature ("ff") as
  // `<0066 0066>`. Missing it would shift every glyph after it in a range.
  const decode = (hex: string) =>
    String.fromCharCode(...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, value] of (block ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi)) {
      map.set(Number.parseInt(code ?? '', 16), decode(value ?? ''));
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, values, first] of (block ?? '').matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(?:\[([^\]]*)\]|<([0-9a-f]+)>)/gi,
    )) {
      const low = Number.parseInt(from ?? '', 16);
      const high = Number.parseInt(to ?? '', 16);
      const listed = values ? [...values.matchAll(/<([0-9a-f\s]+)>/gi)].map((v) => decode(v[1] ?? '')) : [];
      for (let code = low; code <= high; code++) {
        const value = values ? listed[code - low] : String.fromCharCode(Number.parseInt(first ?? '', 16) + code - low);
        if (value !== undefined) map.set(code, value);
      }
    }
  }
  return map;
}

/** A page's runs of text grouped by the line they sit on, in the order the page draws its lines. */
function pageLines(content: string, fonts: Map<string, Map<number, string>>): string[] {
  const rows = new Map<string, string[]>();
  for (const [, block] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
    const body = block ?? '';
    const y = /(-?[\d.]+)\s+Tm\b/.exec(body)?.[1] ?? '';
    const font = fonts.get(/\/(\S+)\s+[\d.]+\s+Tf\b/.exec(body)?.[1] ?? '') ?? new Map<number, string>();
    let text = '';
    for (const [, array, single] of body.matchAll(/\[([^\]]*)\]\s*TJ\b|<([0-9a-f]*)>\s*Tj\b/gi)) {
      for (const [, hex] of (array ?? `<${single}>`).matchAll(/<([0-9a-f]*)>/gi)) {
        for (const code of (hex ?? '').match(/.{4}/g) ?? []) text += font.get(Number.parseInt(code, 16)) ?? '';
      }
    }
    const row = rows.get(y) ?? [];
    row.push(text);
    rows.set(y, row);
  }
  return [...rows.values()].map((row) => row.join(' '));
}
