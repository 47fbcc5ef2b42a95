import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { POLL_PRESETS, usePoller } from '../../api/polling';
import { InviteUsersModal, openModal, Spinner, toastError, toastSuccess } from '../../kit';
import { PROGRAMS_KEY, type ProgramJson } from './programsApi';

/** GET /{controller}/{id}/send_now_complete_as_json */
export interface SendNowStatus {
  done: boolean;
  program: ProgramJson;
}

/** programs.md §9: the send-now toasts last 10 s. */
export const SEND_NOW_TOAST_MS = POLL_PRESETS.sendNow.toastDurationMs;
/** Who the invite-users modal searches: people of the workspace, `slack_user_id` being what the invite takes. */
export const PEOPLE_SEARCH_PATH = '/people/search';

export function sentText(program: Pick<ProgramJson, 'channel'>): string {
  return `Sent! Your message is on its way to ${program.channel} in Slack.`;
}

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
  const [requesting, setRequesting] = useState(false);
  const latest = useRef({ program, options });
  useEffect(() => {
    latest.current = { program, options };
  });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: PROGRAMS_KEY });

  const poller = usePoller<SendNowStatus>({
    preset: POLL_PRESETS.sendNow,
    poll: (signal) =>
      api.get<SendNowStatus>(`${latest.current.program.controller_path}/send_now_complete_as_json`, { signal, toastOnError: false }),
    isDone: (status) => Boolean(status?.done),
    onSettled: (outcome) => {
      if (outcome.status === 'done') {
        const fresh = outcome.data?.program ?? latest.current.program;
        toastSuccess(sentText(fresh), SEND_NOW_TOAST_MS);
        latest.current.options.onSent?.(fresh);
      } else if (outcome.status === 'error') {
        toastError(outcome.message, SEND_NOW_TOAST_MS);
      }
      refresh();
    },
  });

  // Resume a send that was already under way when the page loaded.
  const resumed = useRef(false);
  const { start } = poller;
  useEffect(() => {
    if (resumed.current || !program.send_now_data.isLoading) return;
    resumed.current = true;
    void start({ immediate: true });
  }, [program.send_now_data.isLoading, start]);

  const send = async () => {
    const current = latest.current.program;
    if (needsInvites(current)) {
      openInviteUsers(current, refresh);
      return;
    }
    setRequesting(true);
    try {
      await api.put('/channel_programs/send_now_data_as_json', { programs: [{ id: current.id }] });
    } catch {
      // the API client has said what went wrong
      setRequesting(false);
      return;
    }
    setRequesting(false);
    resumed.current = true;
    void poller.start();
  };

  return { send, sending: requesting || poller.status === 'polling', status: poller.status, message: poller.message };
}

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
  return (
    <button
      type="button"
      className={className}
      disabled={sending || !allowed}
      aria-busy={sending || undefined}
      title={allowed ? undefined : 'Activate the program to send now'}
      aria-label={sending ? `Sending ${program.channel} now` : `Send ${program.channel} now`}
      onClick={() => void send()}
    >
      {sending ? (
        <>
          <Spinner title="" /> Sending…
        </>
      ) : (
        'Send now'
      )}
    </button>
  );
}
