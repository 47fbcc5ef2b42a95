import { emojiFor } from '../emoji';
import { Mrkdwn } from '../MrkdwnText';

/** The fixed name previews are sent under. */
export const PREVIEW_SENDER_NAME = 'Hearth';

/** A stock face drawn inline (no external image). */
export function DefaultAvatar({ size = 36, version = 1 }: { size?: number; version?: number }) {
  return (
    <svg
      className="avatar avatar-default"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      data-avatar-version={version}
    >
      <rect width="40" height="40" rx="8" fill="#f6d9c2" />
      <path d="M6 40c1-8 7-12 14-12s13 4 14 12z" fill="#c2562f" />
      <circle cx="20" cy="17" r="9" fill="#f9e6d6" stroke="#8a4a2b" strokeWidth="1.2" />
      <path d="M11 15c1-6 5-9 9-9s9 3 9 9c-3-2-6-4-9-4s-6 2-9 4z" fill="#6b3a22" />
      <circle cx="16.8" cy="18" r="1.2" fill="#4a2a18" />
      <circle cx="23.2" cy="18" r="1.2" fill="#4a2a18" />
      <path d="M16.5 21.5c1 1.4 2.2 2 3.5 2s2.5-.6 3.5-2" fill="none" stroke="#4a2a18" strokeWidth="1.2" strokeLinecap="round" />
      <circle cx="14.5" cy="21" r="1.3" fill="#f2a98a" opacity="0.7" />
      <circle cx="25.5" cy="21" r="1.3" fill="#f2a98a" opacity="0.7" />
    </svg>
  );
}

export interface Reaction {
  /** Shortcode without colons, e.g. tada. */
  name: string;
  count?: number;
}

export interface MessagePreviewProps {
  text: string;
  senderName?: string;
  /** A class for the message body (message style). */
  messageStyle?: string;
  escaped?: boolean;
  excludeVariables?: boolean;
  linkify?: boolean;
  textOnly?: boolean;
  accessoryImage?: string;
  accessoryAlt?: string;
  /** An avatar image address; without it the stock face is drawn. */
  avatarPath?: string;
  /** Cache-busting version of the avatar image (default 1). */
  avatarVersion?: number;
  hideName?: boolean;
  /** Emoji reactions under the message. */
  reacjiList?: ReadonlyArray<string | Reaction>;
  userNames?: Readonly<Record<string, string>>;
  channelNames?: Readonly<Record<string, string>>;
  /** Shown next to the name, e.g. "9:00 AM". */
  time?: string;
  className?: string;
}

function withVersion(path: string, version: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}v=${version}`;
}

/** A chat message as it will look in Slack: avatar, sender, body, optional image and reactions. */
export function MessagePreview({
  text,
  senderName = PREVIEW_SENDER_NAME,
  messageStyle,
  escaped,
  excludeVariables,
  linkify,
  textOnly,
  accessoryImage,
  accessoryAlt = '',
  avatarPath,
  avatarVersion = 1,
  hideName,
  reacjiList,
  userNames,
  channelNames,
  time,
  className,
}: MessagePreviewProps) {
  const reactions = (reacjiList ?? []).map((r) => (typeof r === 'string' ? { name: r, count: 1 } : { count: 1, ...r }));
  return (
    <article
      className={['message-preview', hideName && 'message-preview-continued', className].filter(Boolean).join(' ')}
      aria-label={`Message preview from ${senderName}`}
    >
      <div className="message-preview-avatar">
        {!hideName &&
          (avatarPath ? (
            <img className="avatar" src={withVersion(avatarPath, avatarVersion)} alt="" width={36} height={36} />
          ) : (
            <DefaultAvatar version={avatarVersion} />
          ))}
      </div>
      <div className="message-preview-main">
        {!hideName && (
          <div className="message-preview-header">
            <span className="message-preview-sender">{senderName}</span>
            <span className="message-preview-app-badge">APP</span>
            {time && <span className="message-preview-time">{time}</span>}
          </div>
        )}
        <div className="message-preview-content">
          <Mrkdwn
            text={text}
            className={['message-preview-body', messageStyle].filter(Boolean).join(' ')}
            escaped={escaped}
            excludeVariables={excludeVariables}
            linkify={linkify}
            textOnly={textOnly}
            userNames={userNames}
            channelNames={channelNames}
          />
          {accessoryImage && <img className="message-preview-accessory" src={accessoryImage} alt={accessoryAlt} />}
        </div>
        {reactions.length > 0 && (
          <ul className="message-preview-reactions" aria-label="Reactions">
            {reactions.map((r) => {
              const unicode = emojiFor(r.name);
              return (
                <li key={r.name} className="reaction">
                  <span role="img" aria-label={r.name.replace(/_/g, ' ')}>
                    {unicode ?? `:${r.name}:`}
                  </span>
                  <span className="reaction-count">{r.count}</span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </article>
  );
}
