import { useState } from 'react';
import { emojiFor } from '../kit/emoji';
import { HearthLogo } from '../kit/icons';
import { Mrkdwn } from '../kit/MrkdwnText';
import type { JsonObject, Member, Message } from './api';
import { Blocks } from '../kit/blockkit/Blocks';
import { BlockKitContext, useBlockContext, type BlockContext } from '../kit/blockkit/context';
import { isObject, str } from '../kit/blockkit/values';
import { formatTime, tsToDate } from './time';
import { useDraft } from './useDraft';

export interface Sender {
  name: string;
  isApp: boolean;
  member?: Member;
}

export function Avatar({ sender, size = 36 }: { sender: Sender; size?: number }) {
  if (sender.isApp && sender.name !== 'Slackbot') {
    return (
      <span className="sbx-avatar sbx-avatar-app" style={{ width: size, height: size }} aria-hidden="true">
        <HearthLogo />
      </span>
    );
  }
  const initials = sender.name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const color = sender.member?.color ? `#${sender.member.color}` : sender.name === 'Slackbot' ? '#2eb67d' : '#7c6f64';
  return (
    <span className="sbx-avatar" style={{ width: size, height: size, background: color }} aria-hidden="true">
      {initials}
    </span>
  );
}

function Attachment({ attachment }: { attachment: JsonObject }) {
  const ctx = useBlockContext();
  const color = str(attachment.color);
  const border = color ? (color.startsWith('#') ? color : /^[0-9a-f]{6}$/i.test(color) ? `#${color}` : color === 'good' ? '#2eb67d' : color === 'danger' ? '#e01e5a' : color === 'warning' ? '#ecb22e' : '#ddd') : '#ddd';
  const fields = Array.isArray(attachment.fields) ? attachment.fields.filter(isObject) : [];
  const blocks = Array.isArray(attachment.blocks) ? attachment.blocks.filter(isObject) : [];
  return (
    <div className="sbx-attachment" style={{ borderLeftColor: border }}>
      {str(attachment.pretext) && <Mrkdwn text={str(attachment.pretext)!} escaped userNames={ctx.userNames} channelNames={ctx.channelNames} />}
      {str(attachment.title) && <strong className="sbx-attachment-title">{str(attachment.title)}</strong>}
      {str(attachment.text) && <Mrkdwn text={str(attachment.text)!} escaped userNames={ctx.userNames} channelNames={ctx.channelNames} />}
      {fields.length > 0 && (
        <dl className="sbx-fields">
          {fields.map((f, i) => (
            <div key={i} className="sbx-field">
              <dt>{str(f.title)}</dt>
              <dd>{str(f.value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {blocks.length > 0 && <Blocks blocks={blocks} />}
    </div>
  );
}

export interface MessageProps {
  message: Message;
  sender: Sender;
  timeZone: string;
  /** Same sender as the message before, within a few minutes: no avatar or name, as Slack draws it. */
  continued: boolean;
  senderOf(message: Message): Sender;
  /** The Block Kit context of a message: its clicks name this message. */
  contextFor(message: Message): BlockContext;
  /** Reply in the message's thread (top-level messages of a conversation; absent for replies). */
  onReply?(message: Message, text: string): Promise<boolean>;
}

export function MessageItem(props: MessageProps) {
  return (
    <BlockKitContext.Provider value={props.contextFor(props.message)}>
      <MessageContent {...props} />
    </BlockKitContext.Provider>
  );
}

function MessageContent({ message, sender, timeZone, continued, senderOf, contextFor, onReply }: MessageProps) {
  const ctx = useBlockContext();
  const [showReplies, setShowReplies] = useState(false);
  const canReply = Boolean(onReply) && !message.ephemeral && message.subtype !== 'tombstone';
  const time = formatTime(tsToDate(message.ts), timeZone);
  const replies = message.replies ?? [];
  const classes = ['sbx-message', continued && 'is-continued', message.ephemeral && 'is-ephemeral', message.subtype === 'tombstone' && 'is-tombstone'];
  const label = `${sender.name}${message.ephemeral ? ' (only visible to you)' : ''} at ${time}`;
  return (
    <li className={classes.filter(Boolean).join(' ')} aria-label={label} data-ts={message.ts}>
      {message.ephemeral && (
        <div className="sbx-ephemeral-note">
          <span aria-hidden="true">👁</span> Only visible to you
        </div>
      )}
      <div className="sbx-message-row">
        <div className="sbx-message-gutter">{continued ? <span className="sbx-hover-time">{time.replace(/ [AP]M$/, '')}</span> : <Avatar sender={sender} />}</div>
        <div className="sbx-message-main">
          {!continued && (
            <div className="sbx-message-header">
              <span className="sbx-sender">{sender.name}</span>
              {sender.isApp && <span className="sbx-app-badge">APP</span>}
              <time className="sbx-time" dateTime={tsToDate(message.ts).toISOString()}>
                {time}
              </time>
            </div>
          )}
          <div className="sbx-message-body">
            {message.blocks.length > 0 ? (
              <Blocks blocks={message.blocks} />
            ) : (
              <Mrkdwn text={message.text} escaped linkify userNames={ctx.userNames} channelNames={ctx.channelNames} timeZone={ctx.timeZone} now={ctx.now} className="sbx-mrkdwn" />
            )}
            {message.edited && <span className="sbx-edited">(edited)</span>}
          </div>
          {(message.attachments ?? []).filter(isObject).map((a, i) => (
            <Attachment key={i} attachment={a} />
          ))}
          {(message.reactions?.length ?? 0) > 0 && (
            <ul className="sbx-reactions" aria-label="Reactions">
              {message.reactions!.map((r) => (
                <li key={r.name} className="sbx-reaction" title={`${r.users.map((u) => ctx.userNames[u] ?? u).join(', ')} reacted with :${r.name}:`}>
                  <span role="img" aria-label={r.name.replace(/_/g, ' ')}>
                    {emojiFor(r.name) ?? `:${r.name}:`}
                  </span>
                  <span className="sbx-reaction-count">{r.count}</span>
                </li>
              ))}
            </ul>
          )}
          {(replies.length > 0 || canReply) && (
            <div className="sbx-thread">
              <button type="button" className="sbx-thread-toggle" aria-expanded={showReplies} onClick={() => setShowReplies((s) => !s)}>
                {replies.length > 0 ? `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}` : 'Reply in thread'}
              </button>
              {showReplies && (
                <>
                  {replies.length > 0 && (
                    <ol className="sbx-replies" aria-label="Thread replies">
                      {replies.map((r) => (
                        <MessageItem key={r.ts} message={r} sender={senderOf(r)} timeZone={timeZone} continued={false} senderOf={senderOf} contextFor={contextFor} />
                      ))}
                    </ol>
                  )}
                  {canReply && <ThreadReply onSend={(text) => onReply!(message, text)} />}
                </>
              )}
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

/** The reply box under an open thread: Enter (or Reply) posts into the thread. */
function ThreadReply({ onSend }: { onSend(text: string): Promise<boolean> }) {
  const { text, setText, sending, onSubmit, onKeyDown } = useDraft(onSend);
  return (
    <form
      className="sbx-thread-reply"
      onSubmit={onSubmit}
    >
      <textarea
        className="sbx-input sbx-thread-input"
        aria-label="Reply in thread"
        placeholder="Reply…"
        rows={1}
        value={text}
        disabled={sending}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="sbx-chip" disabled={sending || text.trim() === ''}>
        Reply
      </button>
    </form>
  );
}

