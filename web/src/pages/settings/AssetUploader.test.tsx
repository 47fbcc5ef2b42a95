import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Toaster } from '../../kit';
import { jsonResponse, mockFetch, renderWithQuery } from '../../test/utils';
import { AssetUploader, checkFiles, NO_FILE_TEXT, TOTAL_LIMIT_TEXT } from './AssetUploader';

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

describe('the uploader', () => {
  test('checks with the limit the server is configured with, naming every file over it, and sends nothing', async () => {
    const fetch = mockFetch((url) => (url.pathname === '/onboarding/assets/limits' ? jsonResponse({ max_file_mb: 1, total_mb: 100 }) : jsonResponse({ error: 'unexpected' }, 500)));
    const user = userEvent.setup();
    renderWithQuery(
      <>
        <AssetUploader />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('Up to 1 MB a file, 100 MB in all.')).toBeInTheDocument();
    const big = (name: string, size: number) => new File([new Uint8Array(size)], name);
    await user.upload(screen.getByLabelText('Files'), [big('a.png', 1_500_000), big('notes.txt', 10), big('b.mov', 1_000_001)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File(s) too large: a.png, b.mov. Maximum file size is 1MB per file.')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`)).toEqual(['GET /onboarding/assets/limits']);
  });
});
