/**
 * Slack HTML-encodes `&`, `<` and `>` in the text it sends apps — a slash command's text, a message event's (and
 * so a stored message's, which shortcut payloads carry), a text input's value in a view — so the sandbox does too,
 * and an app that forgets to decode (or decodes twice) shows it here first.
 */
export function slackEncoded(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
