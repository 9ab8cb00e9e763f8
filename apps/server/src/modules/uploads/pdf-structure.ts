/** How far from the end a reader looks for a PDF's trailer (the usual 1 KiB of Acrobat and pdf.js). */
const PDF_TAIL_BYTES = 1024;

/**
 * A PDF: its header at the start, and in the last KiB a `startxref` whose offset lands on a cross-reference
 * table (`xref`) or stream (`n g obj`), followed by `%%EOF` and nothing but padding (ISO 32000-1, 7.5.5). A PDF is not rendered
 * here; this refuses what only starts like one, and the file is always served as an attachment.
 */
export const isWellFormedPdf = (bytes: Buffer): boolean => {
  if (!/^%PDF-[12]\.\d/.test(bytes.toString('latin1', 0, 8))) return false;
  const tail = bytes.toString('latin1', Math.max(0, bytes.length - PDF_TAIL_BYTES));
  const trailer = /startxref\s+(\d{1,10})\s+%%EOF[\s\0]*$/.exec(tail);
  const xrefOffset = Number(trailer?.[1] ?? NaN);
  if (!Number.isSafeInteger(xrefOffset) || xrefOffset >= bytes.length) return false;
  const atOffset = bytes.toString('latin1', xrefOffset, xrefOffset + 32);
  return /^\s*(xref|\d+\s+\d+\s+obj)\b/.test(atOffset);
};
