import { openModal, RemoteBlockKitPreview, Select, TextAreaField, useServerPreview } from '../../../kit';
import { IcebreakersModal } from '../IcebreakersModal';
import { hourLabel } from '../introsApi';
import { updateBody } from '../settingsForm';
import { INTRO_MESSAGE_MAX, type SectionProps } from './settingsText';

/**
 * The text under each intro, the icebreakers, and the intro itself as the next round would send it with these
 * settings (saved or not): the server's own builder, drawn as Slack draws it.
 */
export function MessageSection({ draft, change, errorOf, programId }: SectionProps & { programId: string }) {
  const preview = useServerPreview(`/coffee/${programId}/preview_as_json`, updateBody(draft));
  return (
    <section className="card settings-section" aria-labelledby="message-title">
      <h2 id="message-title" className="card-title">
        Intro message
      </h2>
      <div className="two-col">
        <div>
          <Select
            label="Message"
            options={[
              { value: 'default', label: 'Hearth’s message' },
              { value: 'custom', label: 'Your own message' },
            ]}
            value={draft.default_intro_type === 'custom' ? 'custom' : 'default'}
            onChange={(v) => v[0] && change({ default_intro_type: v[0] })}
          />
          <TextAreaField
            label="Text under the intro"
            hint="Slack formatting works: *bold*, _italic_, :emoji:."
            value={draft.intro_message}
            maxLength={INTRO_MESSAGE_MAX}
            error={errorOf('intro_message')}
            disabled={draft.default_intro_type !== 'custom'}
            onChange={(text) => change({ intro_message: text })}
          />
          <div className="tinted-box icebreakers-summary">
            <div>
              <span className="field-label">Icebreakers</span>
              <p className="kit-field-hint">Each intro comes with a question to get the conversation going.</p>
            </div>
            <button type="button" className="button button-secondary" onClick={() => openModal((close) => <IcebreakersModal programId={programId} onClose={close} />)}>
              Manage icebreakers
            </button>
          </div>
        </div>
        <div>
          <p className="muted small">The first group of the next round gets:</p>
          <RemoteBlockKitPreview query={preview} userNames={preview.data?.user_names} label="Intro preview" time={hourLabel(draft.occurrence_hour)} />
        </div>
      </div>
    </section>
  );
}
