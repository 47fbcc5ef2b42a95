/**
 * Slack HTML-encodes `&`, `<` and `>` in the text it sends apps — a slash command's text, a message event's (and
 * so a stored message's, which shortcut payloads carry), a text input's value in a view — so the sandbox does too,
 * and an app that forgets to decode (or decodes twice) shows it here first. The tokens Slack itself writes into
 * that text (`<@U…|name>`, `<#C…|name>`, `<!here>`, `<https://…|…>`) are markup and stay as they are.
 */
const SLACK_TOKEN = /<(?:@[UW][A-Z0-9]+|#C[A-Z0-9]+|![a-z^][^<>]*|(?:https?|mailto):[^<>\s]+)(?:\|[^<>]*)?>/g;

export function slackEncoded(text: string): string {
  const encode = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  let out = '';
  let last = 0;
  for (const m of text.matchAll(SLACK_TOKEN)) {
    out += encode(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + encode(text.slice(last));
}
