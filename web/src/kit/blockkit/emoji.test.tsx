import '../../test/setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PRESETS } from '../../../../src/journeys/library';
import { emojiFor } from '../emoji';
import { BlockKitPreview } from './BlockKitPreview';

describe('emoji shortcodes in previews', () => {
  test('the first-day message shows a sunrise, not ":sunrise:"', () => {
    const text = PRESETS.flatMap((p) => p.events).find((e) => e.text.includes(':sunrise:'))!.text;
    render(<BlockKitPreview message={{ text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] }} />);
    const preview = screen.getByRole('article', { name: 'Message preview' });
    expect(preview).not.toHaveTextContent(':sunrise:');
    expect(screen.getByRole('img', { name: 'sunrise' })).toHaveTextContent('🌅');
  });

  test("every shortcode in Hearth's own journey messages has its emoji", () => {
    const codes = new Set(PRESETS.flatMap((p) => p.events).flatMap((e) => [...`${e.title} ${e.text}`.matchAll(/:([a-z][a-z0-9_+-]*):/g)].map((m) => m[1]!)));
    expect(codes.size).toBeGreaterThan(0);
    expect([...codes].filter((code) => !emojiFor(code))).toEqual([]);
  });
});
