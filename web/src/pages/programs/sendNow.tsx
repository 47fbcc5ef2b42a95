import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { POLL_PRESETS } from '../../api/polling';
import { confirmSendNow, dismissToast, InviteUsersModal, openModal, SendIcon, showToast, Spinner, toastError, toastSuccess } from '../../kit';
import { PROGRAMS_KEY, resultText, sendSummary, useRequestSendNow, useSendNowStatus, type ProgramJson } from './programsApi';

export { resultText } from './programsApi';

/** programs.md §9: the send-now toasts last 10 s. */
export const SEND_NOW_TOAST_MS = POLL_PRESETS.sendNow.toastDurationMs;
/** Who the invite-users modal searches: people of the workspace, `slack_user_id` being what the invite takes. */
export const PEOPLE_SEARCH_PATH = '/people/search';

/** Intros need two people to pair: with fewer, "Send now" invites people first (programs.md §5). */
export function needsInvites(program: Pick<ProgramJson, 'type' | 'num_participants'>): boolean {
  return program.type === 'CoffeeConfiguration' && program.num_participants < 2;
}

export function openInviteUsers(program: Pick<ProgramJson, 'channel' | 'channel_uid'>, onInvited?: () => void): number {
  return openModal((close) => (
    <InviteUsersModal
      channelId={program.channel_uid}
      channelName={program.channel.replace(/^#/, '')}
      userSearch={{ path: PEOPLE_SEARCH_PATH }}
      userValueKey="slack_user_id"
      onClose={close}
      onInvited={onInvited}
    />
  ));
}

/**
 * "Send now" for one program (programs.md §4): PUT /channel_programs/send_now_data_as_json, then poll
 * {controller_path}/send_now_complete_as_json every 3 s, 40 times at most; the timeout text is a 10 s toast.
 * A program still sending when the page opens (send_now_data.isLoading) resumes polling.
 */
export function useSendNow(program: ProgramJson, options: { onSent?: (program: ProgramJson) => void } = {}) {
  const queryClient = useQueryClient();
  const request = useRequestSendNow();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PROGRAMS_KEY });
  /** The "Sending…" toast shown at once, replaced by the result. */
  const pending = useRef<number | null>(null);

  const status = useSendNowStatus(program, (outcome) => {
    if (pending.current !== null) dismissToast(pending.current);
    pending.current = null;
    if (outcome.status === 'done') {
      void resultText(outcome.program).then((result) => (result.ok ? toastSuccess(result.text, SEND_NOW_TOAST_MS) : toastError(result.text, SEND_NOW_TOAST_MS)));
      options.onSent?.(outcome.program);
    } else if (outcome.status === 'error') {
      toastError(outcome.message, SEND_NOW_TOAST_MS);
    }
    refresh();
  });

  // A failure: the API client has said what went wrong.
  const send = async () => {
    if (needsInvites(program)) {
      openInviteUsers(program, refresh);
      return;
    }
    try {
      await request.mutateAsync({ programs: [{ id: program.id }] });
    } catch {
      return;
    }
    pending.current = showToast({ type: 'standard', text: `Sending to ${program.channel}…`, duration: SEND_NOW_TOAST_MS * 6 });
    status.start();
  };

  return { send, sending: request.isPending || status.polling };
}

/**
 * "Send now" for a program: asks first, saying who gets what and where ("12 group DMs to 24 people in #intros"),
 * then sends; a "Sending…" toast at once and the honest result when delivery is written (programs.md §4, §9).
 */
export function SendNowButton({
  program,
  className = 'button button-secondary',
  onSent,
}: {
  program: ProgramJson;
  className?: string;
  onSent?: (program: ProgramJson) => void;
}) {
  const { send, sending } = useSendNow(program, { onSent });
  const allowed = program.send_now_data.allow_send_now;
  const click = () => {
    if (needsInvites(program)) return void send();
    void confirmSendNow({ summary: () => sendSummary(program), onSend: send, title: `Send ${program.channel} now?` });
  };
  return (
    <button
      type="button"
      className={['kit-send-now', className].join(' ')}
      disabled={sending || !allowed}
      aria-busy={sending || undefined}
      title={allowed ? undefined : 'Activate the program to send now'}
      aria-label={sending ? `Sending… ${program.channel}` : `Send now: ${program.channel}`}
      onClick={click}
    >
      {sending ? (
        <>
          <Spinner title="" /> Sending…
        </>
      ) : (
        <>
          <SendIcon /> Send now
        </>
      )}
    </button>
  );
}
