import { ApiError } from '../../../api/client';
import { AlertIcon, HearthLogo, Mrkdwn, Spinner } from '../../../kit';
import { Blocks } from '../../../sandbox/blockkit/Blocks';
import { BlockKitContext, type BlockContext } from '../../../sandbox/blockkit/context';
import type { JsonObject } from '../../../sandbox/api';
import type { MessagePreviewJson } from '../api/journeysApi';
import '../../../sandbox/sandbox.css';

/** A preview answers no clicks: buttons and menus are drawn as Slack draws them, and do nothing. */
const PREVIEW_CONTEXT: BlockContext = {
  surface: 'message',
  userNames: {},
  channelNames: {},
  members: [],
  act: () => undefined,
  openUrl: () => undefined,
};

function isBlock(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * The building-block preview: the message exactly as the server will send it (its Block Kit `blocks`, or its
 * `text` when it has none), drawn by the same renderer as the sandbox's Slack.
 */
export function BlockPreview({ preview, time = '9:00 AM', label = 'Message preview' }: { preview: MessagePreviewJson; time?: string; label?: string }) {
  const blocks = (preview.blocks ?? []).filter(isBlock);
  return (
    <BlockKitContext.Provider value={PREVIEW_CONTEXT}>
      <article className="sbx-modal journey-slack-preview" aria-label={label}>
        <div className="sbx-message-row">
          <div className="sbx-message-gutter">
            <span className="sbx-avatar sbx-avatar-app" style={{ width: 36, height: 36 }} aria-hidden="true">
              <HearthLogo />
            </span>
          </div>
          <div className="sbx-message-main">
            <div className="sbx-message-header">
              <span className="sbx-sender">Hearth</span>
              <span className="sbx-app-badge">APP</span>
              <span className="sbx-time">{time}</span>
            </div>
            <div className="sbx-message-body">
              {blocks.length > 0 ? <Blocks blocks={blocks} /> : <Mrkdwn text={preview.text} escaped linkify className="sbx-mrkdwn" />}
            </div>
          </div>
        </div>
      </article>
    </BlockKitContext.Provider>
  );
}

/**
 * The preview of a saved event, fetched from the server. While the server has no preview for it (a 404), the
 * event's own text is drawn instead and says so; a test send's answer (`sent`) is always the real message.
 */
export function RemoteBlockPreview({
  query,
  time,
  fallbackText,
  sent,
}: {
  query: { data?: MessagePreviewJson; isPending: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  time?: string;
  fallbackText?: string;
  sent?: MessagePreviewJson | null;
}) {
  if (sent) return <BlockPreview preview={sent} time={time} label="Message preview (as sent to you)" />;
  if (query.isError && fallbackText !== undefined && query.error instanceof ApiError && query.error.status === 404)
    return (
      <>
        <BlockPreview preview={{ text: fallbackText, blocks: [] }} time={time} label="Message preview (text only)" />
        <p className="muted small">Its text, before names are filled in. Send yourself a test to see the message exactly as Slack shows it.</p>
      </>
    );
  if (query.isPending)
    return (
      <div className="journey-preview-state" role="status">
        <Spinner /> Drawing the preview…
      </div>
    );
  if (query.isError || !query.data)
    return (
      <div className="journey-preview-state" role="alert">
        <AlertIcon /> We couldn't draw this preview.{' '}
        <button type="button" className="text-link" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  return <BlockPreview preview={query.data} time={time} />;
}
