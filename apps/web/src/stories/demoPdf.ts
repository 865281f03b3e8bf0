/**
 * A small contract PDF for the stories, written by hand (a few kB, no library, ready at once): A4
 * pages with a coloured band, the contract's title and lines of clauses in Helvetica, as a data:
 * URL the editor downloads like any link, without a server.
 */

export const A4 = { width: 595.28, height: 841.89 } as const;

/** Text in a PDF string literal: backslashes and parentheses escaped (ASCII only). */
const pdfText = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);

function pageContent(title: string, page: number, { width, height }: typeof A4): string {
  const lines = Array.from(
    { length: 14 },
    (_, line) =>
      `BT /F1 11 Tf 0.3 0.3 0.3 rg 56 ${height - 170 - line * 22} Td (${pdfText(
        `${page}.${line + 1} The parties agree to the terms of this clause of the contract.`,
      )}) Tj ET`,
  );
  return [
    `0.14 0.34 0.84 rg 0 ${height - 64} ${width} 64 re f`,
    `BT /F1 22 Tf 1 1 1 rg 56 ${height - 42} Td (${pdfText(title)}) Tj ET`,
    `BT /F1 14 Tf 0 0 0 rg 56 ${height - 120} Td (${pdfText(`Page ${page}`)}) Tj ET`,
    ...lines,
  ].join('\n');
}

/** The bytes of a PDF of `pageCount` A4 pages titled `title`, with a correct cross-reference table. */
export function contractPdf(title: string, pageCount: number): string {
  const pageIds = Array.from({ length: pageCount }, (_, index) => 4 + index * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  pageIds.forEach((id, index) => {
    const content = pageContent(title, index + 1, A4);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
        `/Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  });
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}

/** The same PDF as a data: URL, for a `pdfLink`. */
export function contractPdfLink(title: string, pageCount: number): string {
  return `data:application/pdf;base64,${btoa(contractPdf(title, pageCount))}`;
}
