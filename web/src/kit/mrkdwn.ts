// Slack mrkdwn → a small AST. Pure: no DOM, no React (MrkdwnText.tsx renders it; the sandbox reuses both).
//
// Covered: *bold*, _italic_, ~strike~, `code`, ```code blocks```, > quotes and >>> (rest of message), bullet
// and numbered lists, <url|text> and <url>, <@U123>, <#C123|name>, <!here>/<!channel>/<!everyone>,
// <!subteam^S123|@team>, <!date^…|fallback>, :emoji: shortcodes, &amp; &lt; &gt; entities (escaped input),
// {variables} kept literal (excludeVariables) and bare URLs (linkify).

import { emojiFor } from './emoji';

export type MrkdwnInline =
  | { type: 'text'; text: string }
  | { type: 'bold' | 'italic' | 'strike'; children: MrkdwnInline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; url: string; children: MrkdwnInline[] }
  | { type: 'user'; id: string; label?: string }
  | { type: 'channel'; id: string; name?: string }
  | { type: 'usergroup'; id: string; name?: string }
  | { type: 'broadcast'; range: 'here' | 'channel' | 'everyone' }
  /** `<!date^seconds^format^link|fallback>`: `text` is the fallback; shown in the reader's zone when one is known. */
  | { type: 'date'; text: string; seconds?: number; format?: string; link?: string }
  | { type: 'emoji'; name: string; unicode?: string }
  | { type: 'variable'; name: string }
  | { type: 'linebreak' };

export type MrkdwnBlock =
  | { type: 'paragraph'; children: MrkdwnInline[] }
  | { type: 'code_block'; text: string }
  | { type: 'quote'; children: MrkdwnBlock[] }
  | { type: 'list'; ordered: boolean; start?: number; items: MrkdwnInline[][] };

export interface MrkdwnOptions {
  /** The text is escaped the way Slack sends it (&amp; &lt; &gt;): decode entities, accept &gt; quotes. */
  escaped?: boolean;
  /** Leave {variables} alone: no formatting inside them (a {first_name} has underscores). */
  excludeVariables?: boolean;
  /** Turn bare http(s):// and www. addresses into links. */
  linkify?: boolean;
}

export interface MrkdwnNames {
  /** User id → display name, for <@U123>. */
  userNames?: Readonly<Record<string, string>>;
  /** Channel id → name, for <#C123> without a name. */
  channelNames?: Readonly<Record<string, string>>;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);
}

/** Slack's escaping for text put into mrkdwn: the server's one (src/slack/mrkdwn.ts). */
export { escapeMrkdwn } from '../../../src/slack/mrkdwn';

const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|slack:\/\/)/i;

/** Only web, mail, phone and slack:// addresses become links (never javascript:). */
export function isSafeUrl(url: string): boolean {
  return SAFE_URL.test(url.trim());
}

/** What a {placeholder} stands for, in words: {first_name} → "first name", {name} → "full name", {manager} → "manager". */
export function placeholderLabel(name: string): string {
  const key = name.trim().toLowerCase();
  if (key === 'name') return 'full name';
  if (key === 'journey') return 'journey name';
  return key.replace(/_/g, ' ');
}

/** A template's text ("Plan {first_name}'s first week") cut into text and placeholders, for titles shown before sending. */
export function templateParts(text: string): Array<{ text: string } | { placeholder: string }> {
  return text.split(/(\{[^{}\n]+\})/).filter(Boolean).map((part) => (/^\{[^{}\n]+\}$/.test(part) ? { placeholder: placeholderLabel(part.slice(1, -1)) } : { text: part }));
}

/** The same as words, for an accessible name or a tooltip: "Plan first name's first week". */
export function templatePlainText(text: string): string {
  return templateParts(text).map((p) => ('text' in p ? p.text : p.placeholder)).join('');
}

const FORMAT: Record<string, 'bold' | 'italic' | 'strike'> = { '*': 'bold', _: 'italic', '~': 'strike' };
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

const EMOJI_RE = /:([a-z0-9_+'-]+(?:::skin-tone-[2-6])?):/iy;
const VARIABLE_RE = /\{([^{}\n]+)\}/y;
const URL_RE = /(?:https?:\/\/|www\.)[^\s<>]+/iy;

function canOpen(text: string, i: number): boolean {
  const next = text[i + 1];
  return !isWordChar(text[i - 1]) && !isSpace(next) && next !== text[i];
}

/** Where a span opened at i closes: same line, non-space before the closer, no letter or digit after it. */
function findClose(text: string, i: number, marker: string, options: MrkdwnOptions): number {
  for (let j = i + 2; j < text.length; j++) {
    const c = text[j];
    if (c === '\n') return -1;
    if (c === '`') {
      const end = text.indexOf('`', j + 1);
      if (end > j && !text.slice(j, end).includes('\n')) j = end;
      continue;
    }
    if (c === '<') {
      const end = text.indexOf('>', j + 1);
      if (end > j) j = end;
      continue;
    }
    if (c === '{' && options.excludeVariables) {
      VARIABLE_RE.lastIndex = j;
      const m = VARIABLE_RE.exec(text);
      if (m) j += m[0].length - 1;
      continue;
    }
    if (c === marker && !isSpace(text[j - 1]) && !isWordChar(text[j + 1])) return j;
  }
  return -1;
}

function parseAngle(content: string, options: MrkdwnOptions): MrkdwnInline | null {
  const bar = content.indexOf('|');
  const head = bar >= 0 ? content.slice(0, bar) : content;
  const label = bar >= 0 ? content.slice(bar + 1) : undefined;
  const decode = (s: string) => (options.escaped ? decodeEntities(s) : s);
  if (head.startsWith('@')) {
    const id = head.slice(1);
    return id ? { type: 'user', id, label: label ? decode(label) : undefined } : null;
  }
  if (head.startsWith('#')) {
    const id = head.slice(1);
    return id ? { type: 'channel', id, name: label ? decode(label) : undefined } : null;
  }
  if (head.startsWith('!')) {
    const command = head.slice(1);
    if (command === 'here' || command === 'channel' || command === 'everyone') return { type: 'broadcast', range: command };
    if (command.startsWith('subteam^')) {
      return { type: 'usergroup', id: command.slice('subteam^'.length), name: label ? decode(label) : undefined };
    }
    if (command.startsWith('date^')) {
      const [, seconds, format, link] = command.split('^');
      const at = Number(seconds);
      return {
        type: 'date',
        text: decode(label ?? seconds ?? ''),
        ...(Number.isFinite(at) && format ? { seconds: at, format: decode(format) } : {}),
        ...(link && isSafeUrl(decode(link)) ? { link: decode(link) } : {}),
      };
    }
    return label ? { type: 'text', text: decode(label) } : null;
  }
  const url = decode(head.trim());
  if (!isSafeUrl(url)) return null;
  const children = label !== undefined && label !== '' ? parseInline(label, { ...options, linkify: false }) : [{ type: 'text' as const, text: url.replace(/^mailto:/i, '') }];
  return { type: 'link', url, children };
}

/** Inline mrkdwn of one paragraph (newlines become linebreak nodes). */
export function parseInline(text: string, options: MrkdwnOptions = {}): MrkdwnInline[] {
  const out: MrkdwnInline[] = [];
  let buffer = '';
  const flush = () => {
    if (!buffer) return;
    const value = options.escaped ? decodeEntities(buffer) : buffer;
    const last = out[out.length - 1];
    if (last?.type === 'text') last.text += value;
    else out.push({ type: 'text', text: value });
    buffer = '';
  };
  const push = (node: MrkdwnInline) => {
    flush();
    out.push(node);
  };

  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      push({ type: 'linebreak' });
      i += 1;
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1 && !text.slice(i + 1, end).includes('\n')) {
        const code = text.slice(i + 1, end);
        push({ type: 'code', text: options.escaped ? decodeEntities(code) : code });
        i = end + 1;
        continue;
      }
    }
    if (c === '<') {
      const end = text.indexOf('>', i + 1);
      if (end > i + 1) {
        const node = parseAngle(text.slice(i + 1, end), options);
        if (node) {
          push(node);
          i = end + 1;
          continue;
        }
      }
    }
    if (c === '{' && options.excludeVariables) {
      VARIABLE_RE.lastIndex = i;
      const m = VARIABLE_RE.exec(text);
      if (m) {
        push({ type: 'variable', name: m[1]! });
        i += m[0].length;
        continue;
      }
    }
    if (c === ':') {
      EMOJI_RE.lastIndex = i;
      const m = EMOJI_RE.exec(text);
      const unicode = m ? emojiFor(m[1]!) : undefined;
      if (m && unicode) {
        push({ type: 'emoji', name: m[1]!.replace(/::skin-tone-\d$/, ''), unicode });
        i += m[0].length;
        continue;
      }
    }
    const format = FORMAT[c];
    if (format && canOpen(text, i)) {
      const end = findClose(text, i, c, options);
      if (end > 0) {
        push({ type: format, children: parseInline(text.slice(i + 1, end), options) });
        i = end + 1;
        continue;
      }
    }
    if (options.linkify && (c === 'h' || c === 'H' || c === 'w' || c === 'W') && !isWordChar(text[i - 1])) {
      URL_RE.lastIndex = i;
      const m = URL_RE.exec(text);
      if (m) {
        // Trailing punctuation belongs to the sentence, not the address.
        const raw = m[0].replace(/[.,;:!?'")\]]+$/, '');
        const shown = options.escaped ? decodeEntities(raw) : raw;
        const url = /^www\./i.test(shown) ? `https://${shown}` : shown;
        if (raw.length > 4) {
          push({ type: 'link', url, children: [{ type: 'text', text: shown }] });
          i += raw.length;
          continue;
        }
      }
    }
    buffer += c;
    i += 1;
  }
  flush();
  return out;
}

const QUOTE_ALL = /^(?:>>>|&gt;&gt;&gt;)[ \t]?/;
const QUOTE_LINE = /^(?:>|&gt;)[ \t]?/;
const BULLET = /^[ \t]*(?:[-*•◦▪])[ \t]+(.*)$/;
const NUMBERED = /^[ \t]*(\d{1,9})[.)][ \t]+(.*)$/;

function parseLines(text: string, options: MrkdwnOptions): MrkdwnBlock[] {
  const blocks: MrkdwnBlock[] = [];
  const lines = text.split('\n');
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    const body = paragraph.join('\n');
    if (body.trim() !== '' || paragraph.length > 1) blocks.push({ type: 'paragraph', children: parseInline(body, options) });
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (QUOTE_ALL.test(line)) {
      flushParagraph();
      const rest = [line.replace(QUOTE_ALL, ''), ...lines.slice(i + 1)].join('\n');
      blocks.push({ type: 'quote', children: parseLines(rest, options) });
      return blocks;
    }
    if (QUOTE_LINE.test(line)) {
      flushParagraph();
      const quoted: string[] = [];
      while (i < lines.length && QUOTE_LINE.test(lines[i]!) && !QUOTE_ALL.test(lines[i]!)) {
        quoted.push(lines[i]!.replace(QUOTE_LINE, ''));
        i += 1;
      }
      i -= 1;
      blocks.push({ type: 'quote', children: parseLines(quoted.join('\n'), options) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (bullet || numbered) {
      flushParagraph();
      const ordered = !bullet;
      const pattern = ordered ? NUMBERED : BULLET;
      const items: MrkdwnInline[][] = [];
      const start = numbered ? Number(numbered[1]) : undefined;
      while (i < lines.length) {
        const m = pattern.exec(lines[i]!);
        if (!m) break;
        items.push(parseInline(ordered ? m[2]! : m[1]!, options));
        i += 1;
      }
      i -= 1;
      blocks.push(ordered ? { type: 'list', ordered, start, items } : { type: 'list', ordered, items });
      continue;
    }
    paragraph.push(line);
  }
  flushParagraph();
  return blocks;
}

/** Parses a whole message: code blocks first (their text is literal), then quotes, lists and paragraphs. */
export function parseMrkdwn(text: string, options: MrkdwnOptions = {}): MrkdwnBlock[] {
  const blocks: MrkdwnBlock[] = [];
  let rest = text.replace(/\r\n?/g, '\n');
  while (rest.length > 0) {
    const open = rest.indexOf('```');
    const close = open >= 0 ? rest.indexOf('```', open + 3) : -1;
    if (open < 0 || close < 0) {
      blocks.push(...parseLines(rest, options));
      break;
    }
    const before = rest.slice(0, open).replace(/\n$/, '');
    if (before.trim() !== '') blocks.push(...parseLines(before, options));
    let code = rest.slice(open + 3, close);
    code = code.replace(/^\n/, '').replace(/\n$/, '');
    blocks.push({ type: 'code_block', text: options.escaped ? decodeEntities(code) : code });
    rest = rest.slice(close + 3).replace(/^\n/, '');
  }
  return blocks;
}

function userName(node: { id: string; label?: string }, names: MrkdwnNames): string {
  return names.userNames?.[node.id] ?? node.label ?? node.id;
}

function channelName(node: { id: string; name?: string }, names: MrkdwnNames): string {
  return node.name ?? names.channelNames?.[node.id] ?? node.id;
}

/** How a mention reads: @name, #channel, @here, @team. */
export function mentionText(node: MrkdwnInline, names: MrkdwnNames = {}): string {
  switch (node.type) {
    case 'user':
      return `@${userName(node, names)}`;
    case 'channel':
      return `#${channelName(node, names)}`;
    case 'broadcast':
      return `@${node.range}`;
    case 'usergroup':
      return node.name ? (node.name.startsWith('@') ? node.name : `@${node.name}`) : `@${node.id}`;
    default:
      return '';
  }
}

export function inlineToPlainText(nodes: readonly MrkdwnInline[], names: MrkdwnNames = {}): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
        case 'date':
          return node.text;
        case 'bold':
        case 'italic':
        case 'strike':
        case 'link':
          return inlineToPlainText(node.children, names);
        case 'emoji':
          return node.unicode ?? `:${node.name}:`;
        case 'variable':
          return `{${node.name}}`;
        case 'linebreak':
          return '\n';
        default:
          return mentionText(node, names);
      }
    })
    .join('');
}

/** The message as plain text (textOnly previews, notifications, accessible names). */
export function mrkdwnToPlainText(blocks: readonly MrkdwnBlock[], names: MrkdwnNames = {}): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'paragraph':
          return inlineToPlainText(block.children, names);
        case 'code_block':
          return block.text;
        case 'quote':
          return mrkdwnToPlainText(block.children, names);
        case 'list':
          return block.items
            .map((item, i) => `${block.ordered ? `${(block.start ?? 1) + i}.` : '•'} ${inlineToPlainText(item, names)}`)
            .join('\n');
      }
    })
    .join('\n');
}
