import { describe, expect, it } from 'vitest';
import { escapeMrkdwn } from '../../../src/slack/mrkdwn.js';
import { homeSection, permalink, promptMessage, REPLY_HINT } from '../../../src/watercooler/blocks.js';
import { dedupeTexts, suggestPrompts, words, type SuggestionSource } from '../../../src/watercooler/suggest.js';

describe('the prompt message', () => {
  it('is a header with the prompt and a context line inviting replies in the thread, with a text fallback', () => {
    const m = promptMessage("  What's a small thing that made your week better?  ");
    expect(m.blocks).toEqual([
      { type: 'header', text: { type: 'plain_text', text: "What's a small thing that made your week better?", emoji: true } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'Reply in the thread 👇' }] },
    ]);
    expect(m.text).toBe(`What's a small thing that made your week better? ${REPLY_HINT}`);
  });

  it('uses a bold section (escaped) when the prompt is longer than a header allows', () => {
    const long = `${'Tell us <everything> & more about your favourite thing '.repeat(4)}?`;
    const m = promptMessage(long);
    expect(m.blocks[0]).toMatchObject({ type: 'section', text: { type: 'mrkdwn' } });
    const text = (m.blocks[0] as { text: { text: string } }).text.text;
    expect(text.startsWith('*Tell us &lt;everything&gt; &amp; more')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(3000);
  });

  it('escapes mrkdwn and builds permalinks', () => {
    expect(escapeMrkdwn('<@U1> & <!here>')).toBe('&lt;@U1&gt; &amp; &lt;!here&gt;');
    expect(permalink('acme-demo', 'C0DEMOWATER', '1772467200.000100')).toBe('https://acme-demo.slack.com/archives/C0DEMOWATER/p1772467200000100');
  });
});

describe('the home section', () => {
  it('lists the member’s watercooler channels with a link to the latest prompt', () => {
    const blocks = homeSection([
      { channelId: 'C1', channelName: 'watercooler', schedule: 'Wednesdays at 11:00', latest: { text: 'Tea <or> coffee?', url: 'https://x.slack.com/archives/C1/p1', replies: 3 } },
      { channelId: 'C2', channelName: 'random', schedule: 'Fridays at 15:00', latest: null },
    ]);
    expect(blocks).toHaveLength(3);
    const texts = blocks.map((b) => (b as { text: { text: string } }).text.text);
    expect(texts[1]).toContain('<#C1>');
    expect(texts[1]).toContain('<https://x.slack.com/archives/C1/p1|Tea &lt;or&gt; coffee?>');
    expect(texts[1]).toContain('3 replies');
    expect(texts[2]).toContain('No prompt yet');
  });

  it('is empty for a member in no watercooler channel and stays short for many', () => {
    expect(homeSection([])).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => ({ channelId: `C${i}`, channelName: `c${i}`, schedule: 's', latest: null }));
    expect(homeSection(many).length).toBeLessThanOrEqual(12);
  });
});

describe('suggestions', () => {
  const lib: SuggestionSource[] = [
    { promptId: 1, text: "What's your favourite recipe?", packId: 10, packName: 'Food & drink', packTopic: 'Food & drink dishes recipes snacks' },
    { promptId: 2, text: 'Coffee or tea?', packId: 10, packName: 'Food & drink', packTopic: 'Food & drink dishes recipes snacks' },
    { promptId: 3, text: "What's your desk setup like?", packId: 20, packName: 'Remote work', packTopic: 'Remote work setups routines' },
    { promptId: 4, text: 'Would you rather fly or be invisible?', packId: 30, packName: 'Would you rather', packTopic: 'Would you rather dilemmas' },
  ];

  it('ranks prompts about the topic first and leaves out what is already there', () => {
    const out = suggestPrompts({ topic: 'Team recipes and snacks', existing: ['coffee or TEA'], library: lib, limit: 3 });
    expect(out[0]!.promptId).toBe(1);
    expect(out.map((s) => s.promptId)).not.toContain(2);
    expect(out).toHaveLength(3);
  });

  it('with no matching topic alternates packs and keeps library order', () => {
    expect(suggestPrompts({ topic: 'zzz', existing: [], library: lib, limit: 3 }).map((s) => s.packId)).toEqual([10, 20, 30]);
  });

  it('words() drops stop words and plurals; dedupeTexts trims and drops repeats', () => {
    expect(words('What are your favourite Recipes?')).toEqual(['favourite', 'recipe']);
    expect(dedupeTexts(['  Coffee  or tea? ', 'coffee or tea', '', 'Pets?'])).toEqual(['Coffee or tea?', 'Pets?']);
  });
});
