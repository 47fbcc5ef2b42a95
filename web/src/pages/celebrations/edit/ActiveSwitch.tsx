import { Switch, toastSuccess } from '../../../kit';
import { useUpdateCelebration, type CelebrationAnswer } from '../celebrationsApi';

/** The program on or paused, in the page header. */
export function ActiveSwitch({ data, id }: { data: CelebrationAnswer; id: string }) {
  const update = useUpdateCelebration(id);
  const on = data.program.is_active;
  // A failure: shown by the API client.
  const toggle = () => update.mutate({ is_active: !on }, { onSuccess: () => toastSuccess(on ? 'Celebrations paused. Nothing will be posted.' : 'Celebrations are on.') });
  return <Switch checked={on} label="Celebrations on" hideLabel stateText={['On', 'Paused']} busy={update.isPending} onChange={toggle} />;
}
