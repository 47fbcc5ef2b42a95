import { describe, expect, test } from 'vitest';
import { PRESETS } from '../../../src/journeys/library.js';
import { emojiFor } from '../../../web/src/kit/emoji.js';

// The admin previews draw shortcodes with the pages' emoji table: one the table lacks shows as ":sunrise:" text.
describe('the journey library and the previews', () => {
  test("every shortcode in Hearth's own journey messages has its emoji in the previews", () => {
    const codes = new Set(PRESETS.flatMap((p) => p.events).flatMap((e) => [...`${e.title} ${e.text}`.matchAll(/:([a-z][a-z0-9_+-]*):/g)].map((m) => m[1]!)));
    expect(codes).toContain('sunrise');
    expect([...codes].filter((code) => !emojiFor(code))).toEqual([]);
  });
});
