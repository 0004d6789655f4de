/**
 * A PDF of plain text lines (the repository has no PDF library: STACK.md lists pdfkit and pdf-lib as candidates, not
 * installed). PDF 1.4, A4 portrait, the standard Courier font (every viewer has it, no embedding), so columns padded
 * with spaces line up; WinAnsiEncoding writes the Italian accented letters and the euro sign. A title in bold on
 * the first page, then the lines, 60 a page, each page numbered "Pagina n di m". The bytes start with %PDF- (the
 * file store's magic-bytes check) and end with a cross-reference table whose offsets are exact.
 */
const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 50;
const FONT_SIZE = 9;
const LEADING = 12;
const LINES_PER_PAGE = 60;
/** Courier's glyphs are 0.6 em wide: at 9 pt, 495 points hold 91 characters. */
export const TEXT_PDF_COLUMNS = Math.floor((PAGE_WIDTH - 2 * MARGIN) / (FONT_SIZE * 0.6));

/** A string in a PDF literal, WinAnsi-encoded: the euro sign is 0x80, other characters outside Latin-1 become '?'. */
function literal(text: string): Buffer {
  const bytes = Array.from(text, (ch) => {
    if (ch === '€') return 0x80;
    const code = ch.codePointAt(0) ?? 0x3f;
    return code < 0x20 || code > 0xff ? 0x3f : code;
  });
  const escaped: number[] = [];
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) escaped.push(0x5c);
    escaped.push(b);
  }
  return Buffer.concat([Buffer.from('('), Buffer.from(escaped), Buffer.from(')')]);
}

function pageContent(title: string | undefined, lines: readonly string[], footer: string): Buffer {
  const parts: Buffer[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  if (title !== undefined) {
    parts.push(Buffer.from(`BT /F2 13 Tf ${MARGIN} ${y} Td `), literal(title), Buffer.from(' Tj ET\n'));
    y -= 2 * LEADING;
  }
  parts.push(Buffer.from(`BT /F1 ${FONT_SIZE} Tf ${LEADING} TL ${MARGIN} ${y} Td\n`));
  for (const line of lines) parts.push(literal(line.slice(0, TEXT_PDF_COLUMNS)), Buffer.from(" '\n"));
  parts.push(Buffer.from('ET\n'), Buffer.from(`BT /F1 8 Tf ${MARGIN} ${MARGIN - 20} Td `), literal(footer), Buffer.from(' Tj ET\n'));
  return Buffer.concat(parts);
}

/** The document: `title` on top of the first page, `lines` in order (cut at TEXT_PDF_COLUMNS characters). */
export function textPdf(title: string, lines: readonly string[]): Buffer {
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE));
  // Objects: 1 catalog, 2 page tree, 3 Courier, 4 Courier-Bold, then per page its page object and its content.
  const objects: Buffer[] = [];
  const pageIds = pages.map((_, i) => 5 + 2 * i);
  objects.push(Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.push(Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`));
  objects.push(Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>'));
  objects.push(Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Courier-Bold /Encoding /WinAnsiEncoding >>'));
  pages.forEach((pageLines, i) => {
    const content = pageContent(i === 0 ? title : undefined, pageLines, `Pagina ${i + 1} di ${pages.length}`);
    objects.push(Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`));
    objects.push(Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]));
  });
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(chunks);
}
