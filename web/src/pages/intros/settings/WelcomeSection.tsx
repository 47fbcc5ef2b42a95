import { useState } from 'react';
import { useCurrentUser } from '../../../api/currentUser';
import { BlockKitPreview, fieldErrors, Spinner, TextAreaField, toastSuccess } from '../../../kit';
import { useSaveWelcomeMessage, type CoffeePageData } from '../introsApi';

/** The server's limit on the welcome message (src/intros/schema.ts). */
const WELCOME_MAX = 3000;

/** The workspace's welcome DM, sent before someone's first intro; `{channel}` becomes the program's channel. */
export function WelcomeSection({ data, id }: { data: CoffeePageData; id: string }) {
  const saveWelcome = useSaveWelcomeMessage(id, data);
  const user = useCurrentUser();
  const [text, setText] = useState(data.team.pairing_welcome_message ?? '');
  const saving = saveWelcome.isPending;
  const [error, setError] = useState<string | undefined>();
  const changed = text !== (data.team.pairing_welcome_message ?? '');
  const canEdit = user.data?.is_admin ?? false;

  const save = () => {
    setError(undefined);
    saveWelcome.mutate(text, {
      onSuccess: () => toastSuccess('Welcome message saved.'),
      onError: (caught) => setError(fieldErrors(caught)['team.pairing_welcome_message']),
    });
  };

  return (
    <section className="card settings-section" aria-labelledby="welcome-title">
      <h2 id="welcome-title" className="card-title">
        Welcome message
      </h2>
      <p className="muted section-lead">Sent as a DM the first time someone joins an Intros round, in every Intros channel of the workspace.</p>
      <div className="two-col">
        <TextAreaField
          label="Pairing welcome message"
          rows={5}
          value={text}
          maxLength={WELCOME_MAX}
          error={error}
          disabled={!canEdit}
          hint={canEdit ? 'Write {channel} for the program’s channel.' : 'Only workspace admins can change the welcome message.'}
          placeholder="Welcome to Intros! Every couple of weeks you'll meet someone new…"
          onChange={setText}
        />
        <BlockKitPreview
          message={{ text: text.trim().replaceAll('{channel}', data.program.channel) || '_No welcome message: people get their first intro straight away._' }}
          label="Welcome message preview"
        />
      </div>
      <div className="section-actions">
        <button type="button" className="button button-secondary" disabled={!changed || saving || !canEdit} onClick={save}>
          {saving && <Spinner title="" />} Save welcome message
        </button>
      </div>
    </section>
  );
}
