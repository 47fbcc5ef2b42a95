import { useQueryClient } from '@tanstack/react-query';
import { POLL_PRESETS } from '../../api/polling';
import { plural, SendNowButton, Switch, toastError, toastSuccess } from '../../kit';
import { useSendNowStatus } from '../programs/programsApi';
import { useUpdate } from './useUpdate';
import { useSendPromptNow, watercoolerKey, type WatercoolerJson } from './watercoolerApi';

/** programs.md §9: send-now toasts last 10 s. */
const SEND_NOW_TOAST_MS = POLL_PRESETS.sendNow.toastDurationMs;

/** Said after the prompt was written to the channel (not before). */
export const sentText = (channel: string) => `Posted the next prompt in ${channel}.`;

/**
 * The kit's Send now (asks first: the next prompt, where and for how many), then
 * POST /watercooler/{id}/send_prompt_as_json, then GET /watercooler/{id}/send_now_complete_as_json every 3 s, at
 * most 40 times (POLL_PRESETS.sendNow); a send already under way when the page opens resumes polling.
 */
export function SendPromptNowButton({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const client = useQueryClient();
  const request = useSendPromptNow(id);
  const channel = wc.program.channel;
  const status = useSendNowStatus(wc.program, (outcome) => {
    if (outcome.status === 'done') toastSuccess(sentText(channel), SEND_NOW_TOAST_MS);
    else if (outcome.status === 'error') toastError(outcome.message, SEND_NOW_TOAST_MS);
    void client.invalidateQueries({ queryKey: watercoolerKey(id) });
  });

  // A failure: the API client has said what went wrong.
  const send = async () => {
    try {
      await request.mutateAsync();
    } catch {
      return;
    }
    status.start();
  };
  const sending = request.isPending || status.polling;
  const empty = wc.ordered_unsent_prompt_ids.length === 0 && !wc.topicsQueue.prompts.some((p) => p.status === 'sent');
  const reason = !wc.is_active ? 'Turn the Watercooler on to send a prompt' : empty ? 'Add a pack or a prompt first' : undefined;
  return (
    <SendNowButton
      className="button button-primary"
      sending={sending}
      disabled={Boolean(reason)}
      disabledReason={reason}
      aria-label={sending ? `Sending… a prompt to ${channel}` : `Send now: the next prompt to ${channel}`}
      title={`Send the next prompt to ${channel} now?`}
      confirmText="Send prompt"
      summary={{ text: `The next prompt in the queue, posted in ${channel} for ${plural(wc.program.num_participants, 'person', 'people')}`, details: ['People answer it in a thread.'] }}
      onSend={send}
    />
  );
}

/** On or paused, saved at once. */
export function ActiveSwitch({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const update = useUpdate(id);
  const toggle = () => update.save({ is_active: !wc.is_active }, wc.is_active ? 'Watercooler paused. No prompts will be posted.' : 'Watercooler is on. Prompts will be posted on schedule.');
  return (
    <Switch checked={wc.is_active} label="Watercooler on" hideLabel stateText={['On', 'Paused']} busy={update.isPending} onChange={() => void toggle()} />
  );
}
