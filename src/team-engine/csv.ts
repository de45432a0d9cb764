/**
 * CSV as RFC 4180 writes it (CRLF after each record; a field with a quote, a comma, CR or LF is
 * quoted, its quotes doubled), with the OWASP guard against formula injection: a field that a
 * spreadsheet would read as a formula is prefixed with a single quote.
 */

/** What starts a formula in Excel, LibreOffice or Google Sheets (OWASP, "CSV Injection"). */
const formulaStarts = new Set(["=", "+", "-", "@", "\t", "\r"]);

export function guardFormula(value: string): string {
  return formulaStarts.has(value.charAt(0)) ? `'${value}` : value;
}

export function csvField(value: string): string {
  const guarded = guardFormula(value);
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One record, CRLF included. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}
