import { BlockKitPreview, RemoteBlockKitPreview } from '../../../kit';
import type { MessagePreviewJson } from '../api/journeysApi';

/**
 * The building-block preview: the message exactly as the server will send it (its Block Kit `blocks`, or its
 * `text` when it has none), drawn by the kit's Block Kit renderer (the sandbox's Slack draws with it too).
 */
export function BlockPreview({ preview, time = '9:00 AM', label = 'Message preview' }: { preview: MessagePreviewJson; time?: string; label?: string }) {
  return <BlockKitPreview message={preview} userNames={preview.user_names} time={time} label={label} />;
}

/**
 * The preview of a saved event or of the editor's draft, fetched from the server (built by the sender's own mrkdwn
 * builder: an admin's `{@U…}` mentions and `[text](url)` links become Slack's tokens, shown as "@Name" and as links);
 * a test send's answer (`sent`) replaces it.
 */
export function RemoteBlockPreview({
  query,
  time,
  sent,
}: {
  query: { data?: MessagePreviewJson; isPending: boolean; isError: boolean; refetch: () => unknown };
  time?: string;
  sent?: MessagePreviewJson | null;
}) {
  if (sent) return <BlockPreview preview={sent} time={time} label="Message preview (as sent to you)" />;
  return <RemoteBlockKitPreview query={query} userNames={query.data?.user_names} time={time} />;
}
