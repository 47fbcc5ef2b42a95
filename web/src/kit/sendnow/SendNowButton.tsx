import { useEffect, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../confirm/ConfirmDialog';
import { openModal } from '../modal/store';
import { SendIcon, Spinner } from '../icons';
import { SkeletonLines } from '../pagestate/PageState';
import './sendnow.css';

/** What a send will do, for the confirmation: who and where. */
export interface SendSummary {
  /** The one sentence: "12 group DMs to 24 people in #intros". */
  text: string;
  /** Extra lines under it ("3 people have not answered their last intro"). */
  details?: readonly string[];
}

export interface SendNowButtonProps {
  /** The summary, or a loader called when the button is clicked (a server count). */
  summary: SendSummary | string | (() => Promise<SendSummary | string>);
  /** Sends; resolve when the server accepted (the caller reports the result, e.g. a toast when delivery finishes). */
  onSend: () => Promise<unknown>;
  /** Delivery under way: a spinner and "Sending…". */
  sending?: boolean;
  disabled?: boolean;
  /** Why it is disabled (a tooltip and the accessible description). */
  disabledReason?: string;
  label?: string;
  /** The dialog's title (default "Send now?"). */
  title?: ReactNode;
  /** The confirm button (default "Send now"). */
  confirmText?: string;
  /** The button's accessible name, when the label alone is ambiguous ("Send now: #intros" in a table row); it starts with the visible label, as speech users say it. */
  'aria-label'?: string;
  className?: string;
}

function normalise(summary: SendSummary | string): SendSummary {
  return typeof summary === 'string' ? { text: summary } : summary;
}

function SummaryText({ summary }: { summary: SendNowButtonProps['summary'] }) {
  const [loaded, setLoaded] = useState<SendSummary | null | 'error'>(typeof summary === 'function' ? null : normalise(summary));
  useEffect(() => {
    if (typeof summary !== 'function') return;
    let live = true;
    summary().then(
      (s) => live && setLoaded(normalise(s)),
      () => live && setLoaded('error'),
    );
    return () => {
      live = false;
    };
  }, [summary]);
  if (loaded === null) return <SkeletonLines lines={1} label="Counting who will get it…" />;
  if (loaded === 'error') return <p>This sends right away to everyone in the program.</p>;
  return (
    <>
      <p className="kit-send-summary">{loaded.text}</p>
      {loaded.details?.map((d) => (
        <p key={d} className="kit-send-detail">
          {d}
        </p>
      ))}
    </>
  );
}

/** Opens the Send now confirmation; resolves true when sent. */
export function confirmSendNow(options: Pick<SendNowButtonProps, 'summary' | 'onSend' | 'title' | 'confirmText'>): Promise<boolean> {
  return new Promise((resolve) => {
    let sent = false;
    openModal((close) => (
      <ConfirmDialog
        title={options.title ?? 'Send now?'}
        confirmText={options.confirmText ?? 'Send now'}
        onConfirm={async () => {
          await options.onSend();
          sent = true;
        }}
        onClose={() => {
          close();
          resolve(sent);
        }}
      >
        <SummaryText summary={options.summary} />
        <p className="kit-send-note">People get it in Slack right away. This can't be undone.</p>
      </ConfirmDialog>
    ));
  });
}

/**
 * "Send now": asks first, saying who and where ("12 group DMs to 24 people in #intros"), then calls onSend.
 * While `sending` it shows a spinner; the caller reports what happened (an honest toast when it is done).
 */
export function SendNowButton({ summary, onSend, sending, disabled, disabledReason, label = 'Send now', title, confirmText, className = 'button button-secondary', ...rest }: SendNowButtonProps) {
  return (
    <button
      type="button"
      className={['kit-send-now', className].join(' ')}
      disabled={sending || disabled}
      aria-busy={sending || undefined}
      aria-label={rest['aria-label']}
      title={disabled ? disabledReason : undefined}
      onClick={() => void confirmSendNow({ summary, onSend, title, confirmText })}
    >
      {sending ? (
        <>
          <Spinner title="" /> Sending…
        </>
      ) : (
        <>
          <SendIcon /> {label}
        </>
      )}
    </button>
  );
}

/** "12 group DMs to 24 people in #intros", "1 group DM to 3 people", "a prompt in #watercooler": plural-aware counts. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
