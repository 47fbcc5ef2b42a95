import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { POLL_PRESETS, usePoller } from '../../api/polling';
import { confirmSendNow, dismissToast, InviteUsersModal, openModal, plural, SendIcon, showToast, Spinner, toastError, toastSuccess, type SendSummary } from '../../kit';
import type { CoffeePageData } from '../intros/introsApi';
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

/** The fallback result text, when the program's kind does not say what was sent. */
export function sentText(program: Pick<ProgramJson, 'channel'>): string {
  return `Sent! Your message is on its way to ${program.channel} in Slack.`;
}

/** "12 group DMs to 24 people in #intros": who gets what and where, before anything is sent. */
export async function sendSummary(program: ProgramJson): Promise<SendSummary> {
  const people = plural(program.num_participants, 'person', 'people');
  if (program.type === 'CoffeeConfiguration') {
    // The server's plan of the round (group size and enforce_group_size applied), not a guess of our own.
    const page = await api.get<CoffeePageData>(`/coffee/${program.id}`, { toastOnError: false });
    const { groups, people: grouped } = page.planned_round;
    return {
      text: `${plural(groups, 'group DM')} to ${plural(grouped, 'person', 'people')} in ${program.channel}`,
      details: [`A new round of Intros starts now, in groups of ${page.config.group_size}. Each group gets its own DM.`],
    };
  }
  if (program.type === 'Watercooler') return { text: `The next prompt, posted in ${program.channel} for ${people}` };
  return { text: `Today's celebrations, posted in ${program.channel}` };
}

/** What happened, said after it happened: "Sent 12 group DMs to 24 people in #intros." */
export async function resultText(program: ProgramJson): Promise<{ ok: boolean; text: string }> {
  if (program.type === 'CoffeeConfiguration') {
    try {
      const page = await api.get<CoffeePageData>(`/coffee/${program.id}`, { toastOnError: false });
      const round = page.current_round;
      if (round?.problem) return { ok: false, text: round.problem.message };
      if (round && round.num_groups === 0) return { ok: false, text: `No intros were sent: ${program.channel} needs at least 2 people who can be paired.` };
      if (round) return { ok: true, text: `Sent ${plural(round.num_groups, 'group DM')} to ${plural(round.num_candidates - round.num_left_out, 'person', 'people')} in ${program.channel}.` };
    } catch {
      // fall through to the plain text
    }
  }
  if (program.type === 'Watercooler') return { ok: true, text: `Posted the next prompt in ${program.channel}.` };
  if (program.type === 'CelebrationProgram') return { ok: true, text: `Posted today's celebrations in ${program.channel}.` };
  return { ok: true, text: sentText(program) };
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
  /** The "Sending…" toast shown at once, replaced by the result. */
  const pending = useRef<number | null>(null);

  const poller = usePoller<SendNowStatus>({
    preset: POLL_PRESETS.sendNow,
    poll: (signal) =>
      api.get<SendNowStatus>(`${latest.current.program.controller_path}/send_now_complete_as_json`, { signal, toastOnError: false }),
    isDone: (status) => Boolean(status?.done),
    onSettled: (outcome) => {
      if (pending.current !== null) dismissToast(pending.current);
      pending.current = null;
      if (outcome.status === 'done') {
        const fresh = outcome.data?.program ?? latest.current.program;
        void resultText(fresh).then((result) => (result.ok ? toastSuccess(result.text, SEND_NOW_TOAST_MS) : toastError(result.text, SEND_NOW_TOAST_MS)));
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
    pending.current = showToast({ type: 'standard', text: `Sending to ${current.channel}…`, duration: SEND_NOW_TOAST_MS * 6 });
    void poller.start();
  };

  return { send, sending: requesting || poller.status === 'polling', status: poller.status, message: poller.message };
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
