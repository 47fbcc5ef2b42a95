import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AutoEnrollChannelsAnswer, StartDateRule } from '../../../../src/enrollment/api-types';
import { api } from '../../api/client';
import { ChannelPicker, Modal, ModalCancelButton, SegmentedControl, toastSuccess, WarningModal } from '../../kit';

/**
 * A journey's auto-enroll channels: joining one enrols the person. The channel-join settings modal saves the
 * journey's whole list; stopping all channels when some are set asks first (programs.md §5).
 */
export function AutoEnrollChannels({ base }: { base: string }) {
  const queryClient = useQueryClient();
  const key = ['enrollment', 'auto-channels', base];
  const current = useQuery({ queryKey: key, queryFn: () => api.get<AutoEnrollChannelsAnswer>(`${base}/auto_enroll_channels/load_channels_as_json`, { toastOnError: false }) });
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
  async function save(list: string[]) {
    await api.put(`${base}/auto_enroll_channels/bulk_update`, { channels: list.map((channel_id) => ({ channel_id, start_date_rule: rule })) });
    await queryClient.invalidateQueries({ queryKey: key });
    setOpen(false);
    setConfirmStop(false);
    toastSuccess();
  }
  const submit = () => (channels.length === 0 && set.length > 0 ? setConfirmStop(true) : void save(channels));

  return (
    <section className="card" aria-label="Auto-enroll channels">
      <p>
        {set.length ? `People who join ${set.map((c) => `#${c.name ?? c.channel_id}`).join(', ')} are enrolled automatically.` : 'Nobody is enrolled by joining a channel.'}{' '}
        <button type="button" className="link-button" onClick={edit}>
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
              <button type="button" className="button" onClick={submit}>
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
        <WarningModal title="Stop enrolling from every channel?" confirmText="Stop all" danger onClose={() => setConfirmStop(false)} onConfirm={() => void save([])}>
          People who join these channels will no longer be enrolled in this journey.
        </WarningModal>
      )}
    </section>
  );
}
