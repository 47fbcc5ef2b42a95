import { describe, expect, it } from 'vitest';
import { homeSection } from '../../../src/journeys/blocks.js';

describe("a participant's Home tab section", () => {
  it('shows what admins typed as text: names and titles cannot form mentions, links or broadcasts', () => {
    const blocks = homeSection({
      journeys: ['<!channel> & friends'],
      upcoming: [{ title: 'Meet <@U123>', kind: 'message', occursOn: '2026-03-09', minuteInDay: 600, tz: 'America/New_York' }],
      tasks: [{ id: 1, title: 'Read <https://evil.example|the handbook>' }],
      polls: [{ id: 2, question: 'Lunch <!here>?', options: ['Yes', 'No'] }],
      hubs: [
        { journey: 'A <b>', url: 'https://hearth.example/site/1' },
        { journey: 'B', url: 'https://hearth.example/site/2' },
      ],
    });
    const text = JSON.stringify(blocks);
    expect(text).toContain("You're in: *&lt;!channel&gt; &amp; friends*");
    expect(text).toContain('Meet &lt;@U123&gt;');
    expect(text).toContain('*Read &lt;https://evil.example|the handbook&gt;*');
    expect(text).toContain('Lunch &lt;!here&gt;?');
    expect(text).toContain('(A &lt;b&gt;)');
    // Hearth's own link stays a link.
    expect(text).toContain('<https://hearth.example/site/1|Open your journey hub>');
  });
});
