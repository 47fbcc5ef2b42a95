import type { ReactNode } from 'react';
import { AlertIcon, HearthLogo, Spinner } from '../icons';
import { Mrkdwn } from '../MrkdwnText';
import { Blocks } from './Blocks';
import { BlockKitContext, type BlockContext } from './context';
import type { JsonObject } from './types';
import './blockkit.css';

/** A preview answers no clicks: buttons and menus are drawn as Slack draws them, and do nothing. */
const NO_NAMES: Readonly<Record<string, string>> = {};
const PREVIEW_CONTEXT: BlockContext = {
  surface: 'message',
  userNames: NO_NAMES,
  channelNames: NO_NAMES,
  members: [],
  act: () => undefined,
  openUrl: () => undefined,
};

/** A message as the server builds it: Block Kit `blocks`, and the `text` Slack shows when there are none. */
export interface BlockKitMessage {
  text: string;
  blocks?: readonly unknown[];
}

function isBlock(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string';
}

export interface BlockKitPreviewProps {
  message: BlockKitMessage;
  /** Shown beside the sender, e.g. "9:00 AM". */
  time?: string;
  /** The accessible name of the preview. */
  label?: string;
  /** Names for <@U…> and <#C…> mentions. */
  userNames?: Readonly<Record<string, string>>;
  channelNames?: Readonly<Record<string, string>>;
  className?: string;
}

/**
 * What an admin previews is what is sent: the message the server's own builder made, drawn by the same Block Kit
 * renderer as the sandbox's Slack, under Hearth's name.
 */
export function BlockKitPreview({ message, time = '9:00 AM', label = 'Message preview', userNames = NO_NAMES, channelNames = NO_NAMES, className }: BlockKitPreviewProps) {
  const blocks = (message.blocks ?? []).filter(isBlock);
  const context: BlockContext = { ...PREVIEW_CONTEXT, userNames, channelNames };
  return (
    <BlockKitContext.Provider value={context}>
      <article className={['bk-preview', className].filter(Boolean).join(' ')} aria-label={label}>
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
              {blocks.length > 0 ? (
                <Blocks blocks={blocks} />
              ) : (
                <Mrkdwn text={message.text} escaped linkify userNames={userNames} channelNames={channelNames} className="sbx-mrkdwn" />
              )}
            </div>
          </div>
        </div>
      </article>
    </BlockKitContext.Provider>
  );
}

/** A preview fetched from the server, with its loading and error states. */
export function RemoteBlockKitPreview({
  query,
  ...props
}: Omit<BlockKitPreviewProps, 'message'> & {
  query: { data?: BlockKitMessage; isPending: boolean; isError: boolean; refetch: () => unknown };
}): ReactNode {
  if (query.data) return <BlockKitPreview message={query.data} {...props} />;
  if (query.isError)
    return (
      <div className="bk-preview-state" role="alert">
        <AlertIcon /> We couldn't draw this preview.{' '}
        <button type="button" className="text-link" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  return (
    <div className="bk-preview-state" role="status">
      <Spinner /> Drawing the preview…
    </div>
  );
}
