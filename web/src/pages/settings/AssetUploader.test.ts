import { describe, expect, test } from 'vitest';
import { checkFiles, NO_FILE_TEXT, TOTAL_LIMIT_TEXT } from './AssetUploader';

const file = (name: string, size: number) => ({ name, size }) as File;

describe('upload checks (programs.md §5)', () => {
  test('no file selected', () => {
    expect(checkFiles([])).toBe(NO_FILE_TEXT);
    expect(NO_FILE_TEXT).toBe('Please select a file for upload.');
  });
  test('100,000,000 bytes in all', () => {
    expect(checkFiles([file('a', 60_000_000), file('b', 40_000_000)])).toBeNull();
    expect(checkFiles([file('a', 60_000_000), file('b', 40_000_001)])).toBe(TOTAL_LIMIT_TEXT);
    expect(TOTAL_LIMIT_TEXT).toBe('File size limit exceeded (max 100 MB total for all files).');
  });
  test('the optional per-file limit names every file over it', () => {
    expect(checkFiles([file('a.png', 3_000_000), file('b.pdf', 1_000_000), file('c.mov', 2_500_000)], 2)).toBe('File(s) too large: a.png, c.mov. Maximum file size is 2MB per file.');
    expect(checkFiles([file('a.png', 3_000_000)])).toBeNull();
  });
});
