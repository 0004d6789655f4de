/**
 * The text of a PDF the server wrote with pdfkit (server/files/text-pdf.ts: standard fonts, uncompressed): each
 * `[<hex> ...] TJ` of its content streams decoded from WinAnsi, one line each. Enough for our own documents; not
 * a general PDF reader.
 */
const WIN_ANSI_EXTRA: Readonly<Record<number, string>> = { 0x80: '€' };

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)]
    .map((tj) => [...tj[1].matchAll(/<([0-9a-f]*)>/g)]
      .map((hex) => Array.from(Buffer.from(hex[1], 'hex'), (b) => WIN_ANSI_EXTRA[b] ?? String.fromCharCode(b)).join(''))
      .join(''))
    .join('\n');
}
