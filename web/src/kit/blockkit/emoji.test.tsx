import '../../test/setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { BlockKitPreview } from './BlockKitPreview';

describe('emoji shortcodes in previews', () => {
  test('the first-day message shows a sunrise, not ":sunrise:"', () => {
    const text = 'Good morning {first_name}, and welcome to your first day! :sunrise:';
    render(<BlockKitPreview message={{ text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] }} />);
    const preview = screen.getByRole('article', { name: 'Message preview' });
    expect(preview).not.toHaveTextContent(':sunrise:');
    expect(screen.getByRole('img', { name: 'sunrise' })).toHaveTextContent('🌅');
  });
});
