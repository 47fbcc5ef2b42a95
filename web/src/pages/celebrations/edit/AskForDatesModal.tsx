import { useState } from 'react';
import { Modal, ModalCancelButton, RemoteBlockKitPreview, Spinner, toastSuccess } from '../../../kit';
import { useAskForDates, usePreview, type ScheduleJson } from '../celebrationsApi';
import { Avatar } from './shared';

/** Ask people for their dates by DM, showing the DM they will get. */
export function AskForDatesModal({ id, people, onClose }: { id: string; people: ScheduleJson[]; onClose: () => void }) {
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(people.map((p) => p.user_id!).filter(Boolean)));
  const ask = useAskForDates(id);
  const sending = ask.isPending;
  const all = chosen.size === people.length;
  // A failure: shown by the API client.
  const send = () =>
    ask.mutate([...chosen], {
      onSuccess: (res) => {
        toastSuccess(res.num_sent === 1 ? 'Sent! 1 person will get a DM from Hearth.' : `Sent! ${res.num_sent} people will get a DM from Hearth.`);
        onClose();
      },
    });
  const preview = usePreview(id, {});
  return (
    <Modal
      title="Ask for dates"
      size="large"
      onClose={onClose}
      footer={
        <>
          <ModalCancelButton />
          <button type="button" className="button button-primary" disabled={chosen.size === 0 || sending} onClick={send}>
            {sending && <Spinner title="" />} Send to {chosen.size} {chosen.size === 1 ? 'person' : 'people'}
          </button>
        </>
      }
    >
      <div className="cel-ask">
        <div>
          <p className="muted">Hearth sends each person a DM with a button to add their birthday and start date. Nobody gets more than one a day.</p>
          <label className="option-label strong-text cel-check cel-check-all">
            <input type="checkbox" checked={all} onChange={() => setChosen(all ? new Set() : new Set(people.map((p) => p.user_id!)))} />
            Everyone missing a date ({people.length})
          </label>
          <ul className="cel-ask-list" aria-label="People to ask">
            {people.map((p) => (
              <li key={p.user_id}>
                <label className="option-label cel-check">
                  <input
                    type="checkbox"
                    checked={chosen.has(p.user_id!)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(p.user_id!);
                      else next.delete(p.user_id!);
                      setChosen(next);
                    }}
                  />
                  <Avatar name={p.name} url={p.avatar_url} />
                  {p.name}
                </label>
              </li>
            ))}
          </ul>
        </div>
        <div className="tinted-box cel-ask-preview">
          <h3 className="field-label">What they’ll see</h3>
          <RemoteBlockKitPreview label="Ask for dates preview" query={{ ...preview, data: preview.data?.ask }} time="now" />
        </div>
      </div>
    </Modal>
  );
}
