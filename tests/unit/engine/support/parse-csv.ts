/**
 * A small RFC 4180 reader for tests: rows end in CRLF; a quoted value may hold commas, doubled
 * quotes and line breaks. Throws on text that does not end with a whole row.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else value += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(value);
      value = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, value]);
      row = [];
      value = '';
      i++;
    } else value += ch;
  }
  if (quoted || value !== '' || row.length > 0) throw new Error('CSV ends inside a row');
  return rows;
}
