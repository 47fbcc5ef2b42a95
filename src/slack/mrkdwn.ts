/**
 * Escapes the three characters Slack's mrkdwn treats as markup (& < >), so names and text that people typed
 * cannot form links, mentions or `<!channel>` broadcasts in what Hearth posts.
 */
export function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
