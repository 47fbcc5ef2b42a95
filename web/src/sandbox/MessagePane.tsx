import { Fragment, useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { Conversation, Message } from './api';
import type { BlockContext } from '../kit/blockkit/context';
import { MessageItem, type Sender } from './Message';
import { dayKey, formatDay, tsToDate } from './time';
import { useDraft } from './useDraft';

export interface MessagePaneProps {
  conversation: Conversation | undefined;
  messages: Message[] | undefined;
  loading: boolean;
  error?: string;
  timeZone: string;
  senderOf(message: Message): Sender;
  contextFor(message: Message): BlockContext;
  onSend(text: string): Promise<boolean>;
  /** Reply in a message's thread. */
  onReply(message: Message, text: string): Promise<boolean>;
}

const GROUP_MS = 5 * 60_000;

function title(c: Conversation): string {
  if (c.kind === 'channel') return `#${c.name}`;
  if (c.kind === 'private_channel') return `🔒 ${c.name}`;
  return c.label;
}

/** The conversation: header, messages (day dividers, grouped like Slack), and the composer. */
export function MessagePane({ conversation, messages, loading, error, timeZone, senderOf, contextFor, onSend, onReply }: MessagePaneProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const count = messages?.length ?? 0;
  const last = messages?.at(-1)?.ts;

  // Keep the newest message in view, unless the member scrolled up to read.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [count, last, conversation?.id]);

  const name = conversation ? title(conversation) : '';
  let previous: Message | undefined;
  return (
    <section className="sbx-pane" aria-label={conversation ? `Conversation ${name}` : 'Conversation'}>
      <header className="sbx-pane-header">
        <h2 className="sbx-pane-title">{conversation ? name : loading ? 'Loading…' : ''}</h2>
        {conversation && (conversation.topic || conversation.purpose) && <p className="sbx-pane-topic">{conversation.topic || conversation.purpose}</p>}
        {conversation && (conversation.kind === 'channel' || conversation.kind === 'private_channel') && (
          <span className="sbx-pane-members">{conversation.num_members} members</span>
        )}
      </header>
      <div
        ref={listRef}
        className="sbx-pane-scroll"
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
      >
        {error && (
          <p className="sbx-pane-error" role="alert">
            {error}
          </p>
        )}
        {messages && messages.length === 0 && (
          <div className="sbx-pane-empty">
            <p>
              This is the very beginning of <strong>{name}</strong>.
            </p>
            <p className="muted">Type a message below, or try <code>/hearth help</code>.</p>
          </div>
        )}
        <ol className="sbx-messages" aria-label={`Messages in ${name}`}>
          {messages?.map((m) => {
            const date = tsToDate(m.ts);
            const day = dayKey(date, timeZone);
            const newDay = !previous || dayKey(tsToDate(previous.ts), timeZone) !== day;
            const sender = senderOf(m);
            const continued =
              !newDay &&
              previous !== undefined &&
              !m.ephemeral &&
              !previous.ephemeral &&
              senderOf(previous).name === sender.name &&
              date.getTime() - tsToDate(previous.ts).getTime() < GROUP_MS;
            previous = m;
            return (
              <Fragment key={`${m.ephemeral ? 'e' : 'm'}${m.ts}`}>
                {newDay && (
                  <li className="sbx-day" role="separator" aria-label={formatDay(date, timeZone)}>
                    <span>{formatDay(date, timeZone)}</span>
                  </li>
                )}
                <MessageItem message={m} sender={sender} timeZone={timeZone} continued={continued} senderOf={senderOf} contextFor={contextFor} onReply={onReply} />
              </Fragment>
            );
          })}
        </ol>
      </div>
      {conversation && <Composer key={conversation.id} placeholder={`Message ${name}`} onSend={onSend} />}
    </section>
  );
}

/** Where the member types: a message, or a slash command such as /hearth help. */
function Composer({ placeholder, onSend }: { placeholder: string; onSend(text: string): Promise<boolean> }) {
  const hintId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const { text, setText, sending, onSubmit, onKeyDown } = useDraft(onSend, () => ref.current?.focus());
  const isCommand = text.trimStart().startsWith('/');
  return (
    <form
      className="sbx-composer"
      onSubmit={onSubmit}
    >
      <div className={isCommand ? 'sbx-composer-box is-command' : 'sbx-composer-box'}>
        <textarea
          ref={ref}
          className="sbx-composer-input"
          aria-label={placeholder}
          aria-describedby={hintId}
          placeholder={`${placeholder} — try /hearth help`}
          rows={1}
          value={text}
          disabled={sending}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="sbx-send" disabled={sending || text.trim() === ''} aria-label={isCommand ? 'Run command' : 'Send message'}>
          {sending ? '…' : '➤'}
        </button>
      </div>
      <p id={hintId} className="sbx-composer-hint">
        {isCommand ? (
          <>
            <strong>/hearth</strong> runs Hearth's command; the answer is visible only to you.
          </>
        ) : (
          <>
            <kbd>Enter</kbd> to send, <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line. Start with <code>/hearth</code> for a command.
          </>
        )}
      </p>
    </form>
  );
}
