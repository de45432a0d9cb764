/** Test support: reads CSV back, to prove what the writer wrote. */

/** A strict RFC 4180 reader: records end with CRLF; a quoted field doubles its quotes. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let at = 0;
  while (at < text.length) {
    let field = "";
    if (text[at] === '"') {
      at++;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote === -1) throw new Error("unterminated quoted field");
        field += text.slice(at, quote);
        at = quote + 1;
        if (text[at] !== '"') break;
        field += '"';
        at++;
      }
    } else {
      const end = text.slice(at).search(/[,\r\n"]/);
      field = end === -1 ? text.slice(at) : text.slice(at, at + end);
      at += field.length;
      if (text[at] === '"') throw new Error(`a quote inside an unquoted field at ${at}`);
    }
    record.push(field);
    if (text[at] === ",") at++;
    else if (text.startsWith("\r\n", at)) {
      records.push(record);
      record = [];
      at += 2;
    } else throw new Error(`expected a comma or CRLF at ${at}`);
  }
  if (record.length > 0) throw new Error("the last record has no CRLF");
  return records;
}
