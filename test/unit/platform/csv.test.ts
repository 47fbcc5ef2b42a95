import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, readCsvCell, toCsv } from '../../../src/platform/csv.js';

describe('the one CSV writer', () => {
  it('neutralises every cell a spreadsheet would run as a formula', () => {
    for (const attack of ['=HYPERLINK("http://evil.example","x")', '+1+cmd|x', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect((parse(csvCell(attack)) as string[][])[0]![0]).toBe(`'${attack}`);
  });

  it('leaves plain text and plain numbers (negative ones too) as they are', () => {
    expect(toCsv([['name', 'points'], ['Ana', '-5'], ['Bo', '3.5'], ['a, "quoted" one', '0']])).toBe('name,points\nAna,-5\nBo,3.5\n"a, ""quoted"" one",0\n');
  });

  it('gives back exactly what was written when Hearth reads its own CSV', () => {
    const cells = ['=1+2', "'=already", "'plain", 'plain', '-7', '-x', ''];
    const [row] = parse(toCsv([cells])) as string[][];
    expect(row!.map(readCsvCell)).toEqual(cells);
  });
});
