/**
 * A PDF of plain text lines, written by pdfkit: A4 portrait, the standard Courier font (every viewer has it,
 * nothing embedded), so columns padded with spaces line up; the Italian accented letters and the euro sign are
 * in its encoding. A title in bold on the first page, then the lines, 60 a page, each page numbered "Pagina n
 * di m". Content streams are left uncompressed: the file is small and its text can be read back (tests).
 */

const MARGIN = 50;
const FONT_SIZE = 9;
const LEADING = 12;
const LINES_PER_PAGE = 60;
/** Courier's glyphs are 0.6 em wide: at 9 pt, the 495 points between the margins hold 91 characters. */
export const TEXT_PDF_COLUMNS = Math.floor((595.28 - 2 * MARGIN) / (FONT_SIZE * 0.6));

/** The document: `title` on top of the first page, `lines` in order (cut at TEXT_PDF_COLUMNS characters). */
export async function textPdf(title: string, lines: readonly string[]): Promise<Buffer> {
  // pdfkit (with its font and compression libraries) loads at the first PDF, not at every server start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, compress: false, bufferPages: true, info: { Title: title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => { resolve(Buffer.concat(chunks)); });
    doc.on('error', reject);
  });
  doc.font('Courier-Bold').fontSize(13).text(title, MARGIN, MARGIN, { lineBreak: false });
  let y = MARGIN + 2 * LEADING;
  doc.font('Courier').fontSize(FONT_SIZE);
  lines.forEach((line, i) => {
    if (i > 0 && i % LINES_PER_PAGE === 0) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(line.slice(0, TEXT_PDF_COLUMNS), MARGIN, y, { lineBreak: false });
    y += LEADING;
  });
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    doc.font('Courier').fontSize(8).text(`Pagina ${page - start + 1} di ${count}`, MARGIN, doc.page.height - MARGIN + 10, { lineBreak: false });
  }
  doc.end();
  return done;
}
