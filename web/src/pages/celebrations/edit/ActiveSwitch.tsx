import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/client';
import { Switch, toastSuccess } from '../../../kit';
import { celebrationKey, type CelebrationAnswer } from '../celebrationsApi';
import { SAVE_ERROR_TEXT } from './shared';

/** The program on or paused, in the page header. */
export function ActiveSwitch({ data, id }: { data: CelebrationAnswer; id: string }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const on = data.program.is_active;
  const toggle = async () => {
    setBusy(true);
    try {
      client.setQueryData(celebrationKey(id), await api.put<CelebrationAnswer>(`/celebrations/${id}/update_as_json`, { is_active: !on }, { errorText: SAVE_ERROR_TEXT }));
      toastSuccess(on ? 'Celebrations paused. Nothing will be posted.' : 'Celebrations are on.');
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return <Switch checked={on} label="Celebrations on" hideLabel stateText={['On', 'Paused']} busy={busy} onChange={() => void toggle()} />;
}
