import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from '../../lib/background/core/listings-csv.ts';

/** A small RFC 4180 reader, to check that what is written reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return records;
}

describe('listings CSV', () => {
  test('quotes commas, quotes and line breaks, and nothing else', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('Portland, OR')).toBe('"Portland, OR"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  test.each(['=HYPERLINK("http://x")', '+1 555', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'prefixes %j with an apostrophe so a spreadsheet shows it as text',
    (value) => {
      const cell = csvCell(value);
      expect(parseCsv(`${cell}\r\n`)[0]![0]).toBe(`'${value}`);
    },
  );

  test('writes a header and CRLF-ended records that read back cell for cell', () => {
    const rows = [
      ['HB-001', 'Harbor Bakery – Pearl District', 'https://example.com/a,b'],
      ['HB-002', '<img src=x onerror="alert(1)">', "=cmd|' /C calc'!A0"],
    ];
    const text = toCsv(['Location id', 'Location', 'Listing URL'], rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['Location id', 'Location', 'Listing URL'],
      rows[0],
      ['HB-002', '<img src=x onerror="alert(1)">', "'=cmd|' /C calc'!A0"],
    ]);
  });
});
