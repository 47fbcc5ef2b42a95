import { describe, expect, it } from 'vitest';
import { authoredMrkdwn, authoredText, decodeIncoming, decodeSlackText, escapeMrkdwn, mentionedUsers, mentions, SlackToken } from '../../../src/slack/mrkdwn.js';

describe('mrkdwn out: escaping and the authored syntax', () => {
  it('escapes & < > in what people typed, and nothing else', () => {
    expect(escapeMrkdwn('Tom & Jerry <script> 1 > 0 *bold* :wave:')).toBe('Tom &amp; Jerry &lt;script&gt; 1 &gt; 0 *bold* :wave:');
  });

  it("turns Hearth's syntax for mentions, broadcasts and links into Slack's tokens, and escapes the rest", () => {
    expect(authoredMrkdwn('Hi {@U0ABC123}, see {#C0GENERAL} and [the handbook](https://example.com/hb?a=1&b=2) {@here}')).toBe(
      'Hi <@U0ABC123>, see <#C0GENERAL> and <https://example.com/hb?a=1&amp;b=2|the handbook> <!here>',
    );
    // Slack's own markup typed as is is text, not a token: it cannot broadcast or hide a link.
    expect(authoredMrkdwn('<!channel> <https://evil.example|safe> & *bold*')).toBe('&lt;!channel&gt; &lt;https://evil.example|safe&gt; &amp; *bold*');
    // Not quite the syntax: left as text.
    expect(authoredMrkdwn('{@user} [x](javascript:alert(1)) {@Here}')).toBe('{@user} [x](javascript:alert(1)) {@Here}');
  });

  it('fills placeholders before escaping: text values are escaped, tokens kept, unknown placeholders stay as typed', () => {
    const vars = { first_name: 'Ann <&> {@here}', manager: mentions(['U1', 'U2']), when: new SlackToken('<!date^1^{date_long}|Monday>') };
    expect(authoredMrkdwn('Hi {first_name}, meet {Manager} on {when}. {unknown} & more', vars)).toBe(
      'Hi Ann &lt;&amp;&gt; {@here}, meet <@U1>, <@U2> on <!date^1^{date_long}|Monday>. {unknown} &amp; more',
    );
  });

  it('writes the same text for the pages: filled, nothing escaped, links as text (url)', () => {
    expect(authoredText('Hi {first_name} & {@U0ABC123}: [docs](https://d.example)', { first_name: 'Ann <3' })).toBe('Hi Ann <3 & <@U0ABC123>: docs (https://d.example)');
  });
});

describe('text in: Slack HTML-encodes what people type', () => {
  it('decodes once: &amp;lt; stays the &lt; someone typed', () => {
    expect(decodeSlackText('Tom &amp; Jerry &lt;3 &gt; <@U1>')).toBe('Tom & Jerry <3 > <@U1>');
    expect(decodeSlackText('&amp;lt;')).toBe('&lt;');
    expect(decodeSlackText(escapeMrkdwn('a & <b> &amp;'))).toBe('a & <b> &amp;');
  });

  it("decodes a request's typed text in place: commands, messages, shortcuts, text inputs — not Hearth's own messages", () => {
    const command = { command: '/hearth', text: 'shoutout &lt;@U1&gt; 5 for R&amp;D' };
    decodeIncoming(command);
    expect(command.text).toBe('shoutout <@U1> 5 for R&D');

    const event = { type: 'event_callback', event: { type: 'message', text: 'a &amp; b', message: { text: '&lt;x&gt;' } } };
    decodeIncoming(event);
    expect(event.event).toMatchObject({ text: 'a & b', message: { text: '<x>' } });

    const shortcut = { type: 'message_action', message: { text: 'Q&amp;A' } };
    decodeIncoming(shortcut);
    expect(shortcut.message.text).toBe('Q&A');

    const input = { type: 'plain_text_input', value: '1 &lt; 2' };
    const select = { type: 'static_select', selected_option: { value: 'a&amp;b' } };
    const submission = { type: 'view_submission', view: { state: { values: { b: { a: input, s: select } } } } };
    decodeIncoming(submission);
    expect(input.value).toBe('1 < 2');
    expect(select.selected_option.value).toBe('a&amp;b');

    const action = { type: 'block_actions', message: { text: 'Hearth &amp; you' }, actions: [{ type: 'plain_text_input', value: '&gt;' }] };
    decodeIncoming(action);
    expect(action.actions[0]!.value).toBe('>');
    expect(action.message.text).toBe('Hearth &amp; you');
  });
});

describe('who a message mentions', () => {
  it('reads the people of Slack’s <@U…> tokens, each once, and nothing typed that only looks like one', () => {
    const built = authoredMrkdwn('{@U0AAA} and {@U0BBB}, again {@U0AAA}; typed <@U0CCC> stays text; {manager}', { manager: mentions(['W0DDD']) });
    expect(mentionedUsers(built)).toEqual(['U0AAA', 'U0BBB', 'W0DDD']);
  });
});
