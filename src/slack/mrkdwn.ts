/**
 * The one way text goes between people and Slack's mrkdwn (docs/architecture.md, "Text").
 *
 * Out: what people typed is escaped (`& < >`), so it cannot form links, mentions or `<!channel>` broadcasts in
 * what Hearth posts. Text an admin writes for Hearth to send (journey messages, templates) may carry placeholders
 * (`{first_name}`) and deliberate mentions and links in Hearth's own syntax, which `authoredMrkdwn` turns into
 * Slack's tokens; everything else in it is escaped, the filled-in values included:
 *
 *   {@U0123ABC}           a person             → <@U0123ABC>
 *   {#C0123ABC}           a channel            → <#C0123ABC>
 *   {@here} {@channel} {@everyone}             → <!here> <!channel> <!everyone>
 *   [the handbook](https://example.com/hb)     → <https://example.com/hb|the handbook>   (http, https, mailto)
 *
 * In: Slack HTML-encodes `& < >` in the text it sends (slash commands, message events, shortcut payloads, modal
 * inputs); `decodeSlackText` undoes that once, on the way in (src/slack/bolt.ts), so nothing is escaped twice.
 */

/** Escapes the three characters Slack's mrkdwn treats as markup (& < >). */
export function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Undoes Slack's encoding of text it sends in (`&amp;` last, so `&amp;lt;` stays the `&lt;` someone typed). */
export function decodeSlackText(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/** Mrkdwn Hearth built itself (a mention, a date token): placed into a template as is, never escaped. */
export class SlackToken {
  constructor(readonly mrkdwn: string) {}
  toString(): string {
    return this.mrkdwn;
  }
}

/** A placeholder's value: text people typed or a name (escaped), or a token Hearth built. */
export type MrkdwnValue = string | SlackToken;

/** `<@U…>` for each Slack user id, joined with commas: one token. */
export function mentions(slackUserIds: readonly string[]): SlackToken {
  return new SlackToken(slackUserIds.map((id) => `<@${id}>`).join(', '));
}

/** The people a message's mrkdwn mentions (`<@U…>`, as Slack reads it), each once: the names a preview shows them by. */
export function mentionedUsers(mrkdwn: string): string[] {
  return [...new Set(Array.from(mrkdwn.matchAll(/<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g), (m) => m[1]!))];
}

/** A value as mrkdwn: a token as is, text escaped. */
export function valueMrkdwn(value: MrkdwnValue): string {
  return value instanceof SlackToken ? value.mrkdwn : escapeMrkdwn(value);
}

/** A value as plain text (pages, the fallback of plain_text fields): tokens as Slack's markup. */
export function valueText(value: MrkdwnValue): string {
  return value instanceof SlackToken ? value.mrkdwn : value;
}

// One pass over the template: a placeholder, a deliberate mention, a broadcast, or a Markdown-style link.
const AUTHORED = /\{(@[UW][A-Z0-9]{2,}|#C[A-Z0-9]{2,})\}|\{@(here|channel|everyone)\}|\[([^\]\n]+)\]\(((?:https?:\/\/|mailto:)[^\s)<>|]+)\)|\{([A-Za-z_ ]+)\}/g;

/**
 * Admin-written text (with placeholders, mentions and links in Hearth's syntax, above) as Slack mrkdwn: the
 * syntax becomes Slack's tokens, placeholders take their values (text escaped, tokens as they are), unknown
 * placeholders stay as typed, and all other text is escaped. Slack's own formatting (*bold*, _italic_, `code`,
 * :emoji:, > quotes) is kept.
 */
export function authoredMrkdwn(template: string, vars: Readonly<Record<string, MrkdwnValue>> = {}): string {
  return render(template, vars, 'mrkdwn');
}

/**
 * The same text for people reading it outside Slack (the pages): placeholders filled, mentions as Slack writes them
 * (`<@U…>`, for a page to show as names), links as "text (url)"; nothing escaped.
 */
export function authoredText(template: string, vars: Readonly<Record<string, MrkdwnValue>> = {}): string {
  return render(template, vars, 'text');
}

function render(template: string, vars: Readonly<Record<string, MrkdwnValue>>, as: 'mrkdwn' | 'text'): string {
  const literal = as === 'mrkdwn' ? escapeMrkdwn : (s: string) => s;
  let out = '';
  let last = 0;
  for (const m of template.matchAll(AUTHORED)) {
    out += literal(template.slice(last, m.index));
    last = m.index + m[0].length;
    const [whole, mention, broadcast, linkText, url, name] = m;
    if (mention) out += `<${mention}>`;
    else if (broadcast) out += `<!${broadcast}>`;
    else if (linkText && url) out += as === 'mrkdwn' ? `<${url.replaceAll('&', '&amp;')}|${escapeMrkdwn(linkText)}>` : `${linkText} (${url})`;
    else {
      const value = name === undefined ? undefined : vars[name.toLowerCase()];
      out += value === undefined ? literal(whole) : as === 'mrkdwn' ? valueMrkdwn(value) : valueText(value);
    }
  }
  return out + literal(template.slice(last));
}

type Loose = Record<string, unknown>;
const loose = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

function decodeField(obj: unknown, key: string): void {
  if (loose(obj) && typeof obj[key] === 'string') obj[key] = decodeSlackText(obj[key]);
}

/** A view's text inputs (`view.state.values`), decoded in place. */
function decodeViewState(view: unknown): void {
  const values = loose(view) && loose(view.state) && loose(view.state.values) ? view.state.values : {};
  for (const block of Object.values(values)) {
    if (!loose(block)) continue;
    for (const entry of Object.values(block)) if (loose(entry) && entry.type === 'plain_text_input') decodeField(entry, 'value');
  }
}

/**
 * Decodes, in place and once, the text people typed in a request Slack sent (src/slack/bolt.ts runs it before every
 * listener): a slash command's `text`, a message event's `text` (and an edited message's), a message shortcut's
 * message, and text inputs in views and block actions. Hearth's own messages carried in a payload (the message a
 * button was on) are left as they are.
 */
export function decodeIncoming(body: unknown): void {
  if (!loose(body)) return;
  if (typeof body.command === 'string') return decodeField(body, 'text');
  if (body.type === 'event_callback' && loose(body.event)) {
    decodeField(body.event, 'text');
    decodeField(body.event.message, 'text');
    decodeField(body.event.previous_message, 'text');
    return;
  }
  if (body.type === 'message_action') return decodeField(body.message, 'text');
  if (body.type === 'block_actions' || body.type === 'view_submission') {
    decodeViewState(body.view);
    if (Array.isArray(body.actions)) for (const a of body.actions) if (loose(a) && a.type === 'plain_text_input') decodeField(a, 'value');
  }
}
