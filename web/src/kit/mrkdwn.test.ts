import { describe, expect, test } from 'vitest';
import {
  decodeEntities,
  escapeMrkdwn,
  isSafeUrl,
  mrkdwnToPlainText,
  parseInline,
  parseMrkdwn,
  type MrkdwnInline,
} from './mrkdwn';

const text = (t: string): MrkdwnInline => ({ type: 'text', text: t });

describe('inline formatting', () => {
  test('plain text is one text node', () => {
    expect(parseInline('hello world')).toEqual([text('hello world')]);
  });

  test('bold, italic and strike', () => {
    expect(parseInline('*bold*')).toEqual([{ type: 'bold', children: [text('bold')] }]);
    expect(parseInline('_it_')).toEqual([{ type: 'italic', children: [text('it')] }]);
    expect(parseInline('~gone~')).toEqual([{ type: 'strike', children: [text('gone')] }]);
  });

  test('formatting inside a sentence', () => {
    expect(parseInline('say *hi* now')).toEqual([text('say '), { type: 'bold', children: [text('hi')] }, text(' now')]);
  });

  test('nested formatting', () => {
    expect(parseInline('*bold _and italic_*')).toEqual([
      { type: 'bold', children: [text('bold '), { type: 'italic', children: [text('and italic')] }] },
    ]);
  });

  test('markers inside words do not format (snake_case, 2*3*4)', () => {
    expect(parseInline('snake_case_name')).toEqual([text('snake_case_name')]);
    expect(parseInline('2*3*4')).toEqual([text('2*3*4')]);
  });

  test('a marker followed by a space does not open, one preceded by a space does not close', () => {
    expect(parseInline('* not bold *')).toEqual([text('* not bold *')]);
    expect(parseInline('*a *b')).toEqual([text('*a *b')]);
  });

  test('unclosed and empty markers stay literal', () => {
    expect(parseInline('*open')).toEqual([text('*open')]);
    expect(parseInline('**')).toEqual([text('**')]);
  });

  test('formatting does not cross a line break', () => {
    expect(parseInline('*a\nb*')).toEqual([text('*a'), { type: 'linebreak' }, text('b*')]);
  });

  test('punctuation after the closer is fine', () => {
    expect(parseInline('*done*!')).toEqual([{ type: 'bold', children: [text('done')] }, text('!')]);
  });

  test('inline code is literal', () => {
    expect(parseInline('run `*not bold*` now')).toEqual([text('run '), { type: 'code', text: '*not bold*' }, text(' now')]);
  });

  test('a lone backtick stays literal', () => {
    expect(parseInline('it`s')).toEqual([text('it`s')]);
  });
});

describe('links and mentions', () => {
  test('<url|text> and <url>', () => {
    expect(parseInline('<https://example.com|Example>')).toEqual([
      { type: 'link', url: 'https://example.com', children: [text('Example')] },
    ]);
    expect(parseInline('<https://example.com>')).toEqual([
      { type: 'link', url: 'https://example.com', children: [text('https://example.com')] },
    ]);
  });

  test('mailto links show the address', () => {
    expect(parseInline('<mailto:a@b.co>')).toEqual([{ type: 'link', url: 'mailto:a@b.co', children: [text('a@b.co')] }]);
  });

  test('link labels may be formatted', () => {
    expect(parseInline('<https://x.io|*big*>')).toEqual([
      { type: 'link', url: 'https://x.io', children: [{ type: 'bold', children: [text('big')] }] },
    ]);
  });

  test('unsafe schemes are not links', () => {
    expect(parseInline('<javascript:alert(1)|click>')).toEqual([text('<javascript:alert(1)|click>')]);
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('https://ok')).toBe(true);
  });

  test('user mentions, with and without a label', () => {
    expect(parseInline('hi <@U123>')).toEqual([text('hi '), { type: 'user', id: 'U123', label: undefined }]);
    expect(parseInline('<@U123|ada>')).toEqual([{ type: 'user', id: 'U123', label: 'ada' }]);
  });

  test('channel mentions', () => {
    expect(parseInline('<#C123|general>')).toEqual([{ type: 'channel', id: 'C123', name: 'general' }]);
    expect(parseInline('<#C123>')).toEqual([{ type: 'channel', id: 'C123', name: undefined }]);
  });

  test('special mentions, user groups and dates', () => {
    expect(parseInline('<!here>')).toEqual([{ type: 'broadcast', range: 'here' }]);
    expect(parseInline('<!channel>')).toEqual([{ type: 'broadcast', range: 'channel' }]);
    expect(parseInline('<!everyone>')).toEqual([{ type: 'broadcast', range: 'everyone' }]);
    expect(parseInline('<!subteam^S1|@team>')).toEqual([{ type: 'usergroup', id: 'S1', name: '@team' }]);
    expect(parseInline('<!date^1392734382^{date}|Feb 18>')).toEqual([{ type: 'date', text: 'Feb 18', seconds: 1392734382, format: '{date}' }]);
    expect(parseInline('<!date^1392734382^{time}^https://example.com/x|2:39 PM>')).toEqual([{ type: 'date', text: '2:39 PM', seconds: 1392734382, format: '{time}', link: 'https://example.com/x' }]);
  });

  test('a < that is not a token stays literal', () => {
    expect(parseInline('1 < 2 and 3 > 2')).toEqual([text('1 < 2 and 3 > 2')]);
  });

  test('formatting markers inside a link do not close outer formatting', () => {
    expect(parseInline('*see <https://a.io/x*y|here>*')).toEqual([
      { type: 'bold', children: [text('see '), { type: 'link', url: 'https://a.io/x*y', children: [text('here')] }] },
    ]);
  });
});

describe('emoji', () => {
  test('known shortcodes become unicode', () => {
    expect(parseInline(':tada: party')).toEqual([{ type: 'emoji', name: 'tada', unicode: '🎉' }, text(' party')]);
    expect(parseInline(':+1:')).toEqual([{ type: 'emoji', name: '+1', unicode: '👍' }]);
  });

  test('skin tones are dropped', () => {
    expect(parseInline(':wave::skin-tone-3:')).toEqual([{ type: 'emoji', name: 'wave', unicode: '👋' }]);
  });

  test('unknown shortcodes and clock times stay text', () => {
    expect(parseInline(':our_custom_emoji:')).toEqual([text(':our_custom_emoji:')]);
    expect(parseInline('at 10:30:45 today')).toEqual([text('at 10:30:45 today')]);
  });
});

describe('flags', () => {
  test('escaped: entities are decoded, and &lt; is not a token', () => {
    expect(parseInline('Tom &amp; Jerry &lt;3', { escaped: true })).toEqual([text('Tom & Jerry <3')]);
    expect(parseInline('a &amp;amp; b')).toEqual([text('a &amp;amp; b')]);
  });

  test('escaped: &gt; starts a quote', () => {
    expect(parseMrkdwn('&gt; quoted', { escaped: true })).toEqual([
      { type: 'quote', children: [{ type: 'paragraph', children: [text('quoted')] }] },
    ]);
  });

  test('escaped: link addresses are decoded', () => {
    expect(parseInline('<https://a.io/?x=1&amp;y=2|go>', { escaped: true })).toEqual([
      { type: 'link', url: 'https://a.io/?x=1&y=2', children: [text('go')] },
    ]);
  });

  test('excludeVariables keeps {variables} whole', () => {
    expect(parseInline('Hi {first_name} and {last_name}!', { excludeVariables: true })).toEqual([
      text('Hi '),
      { type: 'variable', name: 'first_name' },
      text(' and '),
      { type: 'variable', name: 'last_name' },
      text('!'),
    ]);
  });

  test('without excludeVariables, underscores between variables can format', () => {
    expect(parseInline('{a _b} c_ d}')).toEqual([text('{a '), { type: 'italic', children: [text('b} c')] }, text(' d}')]);
  });

  test('excludeVariables: formatting around a variable still works', () => {
    expect(parseInline('*{first_name}*', { excludeVariables: true })).toEqual([
      { type: 'bold', children: [{ type: 'variable', name: 'first_name' }] },
    ]);
    expect(parseInline('_hello {first_name}_', { excludeVariables: true })).toEqual([
      { type: 'italic', children: [text('hello '), { type: 'variable', name: 'first_name' }] },
    ]);
  });

  test('linkify turns bare addresses into links, leaving trailing punctuation', () => {
    expect(parseInline('see https://hearth.dev/docs.', { linkify: true })).toEqual([
      text('see '),
      { type: 'link', url: 'https://hearth.dev/docs', children: [text('https://hearth.dev/docs')] },
      text('.'),
    ]);
    expect(parseInline('www.example.com', { linkify: true })).toEqual([
      { type: 'link', url: 'https://www.example.com', children: [text('www.example.com')] },
    ]);
  });

  test('without linkify bare addresses are text', () => {
    expect(parseInline('https://hearth.dev')).toEqual([text('https://hearth.dev')]);
  });
});

describe('blocks', () => {
  test('lines of one paragraph are joined by line breaks', () => {
    expect(parseMrkdwn('a\nb')).toEqual([{ type: 'paragraph', children: [text('a'), { type: 'linebreak' }, text('b')] }]);
  });

  test('code blocks are literal and may span lines', () => {
    expect(parseMrkdwn('before\n```\nconst a = *b*;\nline 2\n```\nafter')).toEqual([
      { type: 'paragraph', children: [text('before')] },
      { type: 'code_block', text: 'const a = *b*;\nline 2' },
      { type: 'paragraph', children: [text('after')] },
    ]);
  });

  test('a code block on one line', () => {
    expect(parseMrkdwn('```x```')).toEqual([{ type: 'code_block', text: 'x' }]);
  });

  test('an unclosed fence stays text', () => {
    expect(parseMrkdwn('```oops')).toEqual([{ type: 'paragraph', children: [text('```oops')] }]);
  });

  test('consecutive > lines form one quote, with formatting inside', () => {
    expect(parseMrkdwn('> one\n> *two*\nthree')).toEqual([
      {
        type: 'quote',
        children: [{ type: 'paragraph', children: [text('one'), { type: 'linebreak' }, { type: 'bold', children: [text('two')] }] }],
      },
      { type: 'paragraph', children: [text('three')] },
    ]);
  });

  test('>>> quotes the rest of the message', () => {
    expect(parseMrkdwn('intro\n>>> all\nof this')).toEqual([
      { type: 'paragraph', children: [text('intro')] },
      { type: 'quote', children: [{ type: 'paragraph', children: [text('all'), { type: 'linebreak' }, text('of this')] }] },
    ]);
  });

  test('bullet lists (-, *, •)', () => {
    expect(parseMrkdwn('- one\n* two\n• three')).toEqual([
      { type: 'list', ordered: false, items: [[text('one')], [text('two')], [text('three')]] },
    ]);
  });

  test('numbered lists keep their start', () => {
    expect(parseMrkdwn('3. c\n4. d')).toEqual([{ type: 'list', ordered: true, start: 3, items: [[text('c')], [text('d')]] }]);
  });

  test('*bold* at line start is not a bullet', () => {
    expect(parseMrkdwn('*bold* text')).toEqual([
      { type: 'paragraph', children: [{ type: 'bold', children: [text('bold')] }, text(' text')] },
    ]);
  });

  test('empty input gives no blocks', () => {
    expect(parseMrkdwn('')).toEqual([]);
  });

  test('Windows line endings', () => {
    expect(parseMrkdwn('a\r\nb')).toEqual([{ type: 'paragraph', children: [text('a'), { type: 'linebreak' }, text('b')] }]);
  });
});

describe('plain text', () => {
  test('formatting is dropped, mentions resolved through the name maps', () => {
    const blocks = parseMrkdwn('*Hi* <@U1>, welcome to <#C1> :tada:\n- <https://a.io|docs>', {});
    expect(mrkdwnToPlainText(blocks, { userNames: { U1: 'Ada' }, channelNames: { C1: 'general' } })).toBe(
      'Hi @Ada, welcome to #general 🎉\n• docs',
    );
  });

  test('channel names in the token win over the map; unknown ids fall back to the id', () => {
    const blocks = parseMrkdwn('<#C1|random> <@U9>');
    expect(mrkdwnToPlainText(blocks, { channelNames: { C1: 'general' } })).toBe('#random @U9');
  });

  test('entity helpers round-trip', () => {
    expect(decodeEntities(escapeMrkdwn('a & <b> c'))).toBe('a & <b> c');
  });
});
