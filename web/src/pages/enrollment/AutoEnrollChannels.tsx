import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StartDateRule } from '../../../../src/enrollment/api-types';
import { ChannelPicker, Modal, ModalCancelButton, SegmentedControl, toastSuccess, WarningModal } from '../../kit';
import { autoChannelsQuery, useSaveAutoChannels } from './enrollmentApi';

/**
 * A journey's auto-enroll channels: joining one enrols the person. The channel-join settings modal saves the
 * journey's whole list; stopping all channels when some are set asks first (programs.md §5).
 */
export function AutoEnrollChannels({ base }: { base: string }) {
  const current = useQuery(autoChannelsQuery(base));
  const saveChannels = useSaveAutoChannels(base);
  const [open, setOpen] = useState(false);
  const [channels, setChannels] = useState<string[]>([]);
  const [rule, setRule] = useState<StartDateRule>('join_date');
  const [confirmStop, setConfirmStop] = useState(false);
  const set = current.data?.channels ?? [];

  const edit = () => {
    setChannels(set.map((c) => c.channel_id));
    setRule(set[0]?.start_date_rule ?? 'join_date');
    setOpen(true);
  };
  const save = (list: string[]) =>
    saveChannels.mutate(
      { channels: list.map((channel_id) => ({ channel_id, start_date_rule: rule })) },
      {
        onSuccess: () => {
          setOpen(false);
          setConfirmStop(false);
          toastSuccess();
        },
      },
    );
  const submit = () => (channels.length === 0 && set.length > 0 ? setConfirmStop(true) : save(channels));

  return (
    <section className="card" aria-label="Auto-enroll channels">
      <p>
        {set.length ? `People who join ${set.map((c) => `#${c.name ?? c.channel_id}`).join(', ')} are enrolled automatically.` : 'Nobody is enrolled by joining a channel.'}{' '}
        <button type="button" className="button button-secondary button-small" onClick={edit}>
          Channel-join settings
        </button>
      </p>
      {open && (
        <Modal
          title="Enroll people who join a channel"
          onClose={() => setOpen(false)}
          footer={
            <>
              <ModalCancelButton />
              <button type="button" className="button button-primary" disabled={saveChannels.isPending} onClick={submit}>
                Save
              </button>
            </>
          }
        >
          <ChannelPicker label="Channels" multiple value={channels} onChange={setChannels} knownChannels={set.map((c) => ({ uid: c.channel_id, name: c.name ?? c.channel_id, value: c.channel_id, label: c.name ?? c.channel_id }))} />
          <SegmentedControl
            label="Their start date"
            options={[
              { value: 'join_date', label: 'The day they join' },
              { value: 'next_monday', label: 'The next Monday' },
            ]}
            value={rule}
            onChange={setRule}
          />
        </Modal>
      )}
      {confirmStop && (
        <WarningModal title="Stop enrolling from every channel?" confirmText="Stop all" danger onClose={() => setConfirmStop(false)} onConfirm={() => save([])}>
          People who join these channels will no longer be enrolled in this journey.
        </WarningModal>
      )}
    </section>
  );
}
