import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../src/http/return-path.js';

describe('safeReturnPath (sign-in and the sandbox page)', () => {
  it.each([
    ['/coffee/12?tab=members#top', '/coffee/12?tab=members#top'],
    ['/', '/'],
    ['/celebrations', '/celebrations'],
  ])('keeps a path on this site: %s', (value, kept) => {
    expect(safeReturnPath(value)).toBe(kept);
  });

  it.each([
    '/\t/evil.example/x',
    '/%09/evil.example/x'.replace('%09', '\t'),
    '/\n/evil.example',
    '/\r\n/evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '',
    undefined,
    42,
  ])('never leaves the site: %j', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});
