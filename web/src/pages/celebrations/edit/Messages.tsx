import { useState } from 'react';
import { BlockKitPreview, fieldErrors, focusFirstFieldError, formatDateTime, Spinner, TextAreaField, toastError, toastSuccess } from '../../../kit';
import { hourLabel, usePreview, useUpdateCelebration, type CelebrationAnswer, type ScheduleType } from '../celebrationsApi';
import { ImagePicker } from './ImagePicker';
import { SAVE_ERROR_TEXT } from './shared';

export const MESSAGES_SAVED_TEXT = 'Messages saved. The next posts use them.';
const TEMPLATE_MAX_LENGTH = 1500;

const KINDS: Array<{ kind: ScheduleType; title: string; vars: string; image: string }> = [
  { kind: 'birthday', title: 'Birthdays', vars: '{name}: the people celebrated. Birthday messages never mention age.', image: 'Birthday image' },
  { kind: 'anniversary', title: 'Work anniversaries', vars: '{name}: the people celebrated; {years}: e.g. “3 years”.', image: 'Work anniversary image' },
  { kind: 'custom', title: 'Custom dates', vars: 'Each custom date has its own message.', image: 'Custom date image' },
];

type Draft = { birthday_template: string; anniversary_template: string; birthday_image: string | null; anniversary_image: string | null; custom_image: string | null };

/**
 * The messages and their pictures, with previews the server's own builder made from what is typed (saved or
 * not): what is previewed is what is posted.
 */
export function Messages({ data, id }: { data: CelebrationAnswer; id: string }) {
  const update = useUpdateCelebration(id, { toastOnError: false });
  const c = data.celebration;
  const saved: Draft = { birthday_template: c.birthday_template, anniversary_template: c.anniversary_template, birthday_image: c.images.birthday, anniversary_image: c.images.anniversary, custom_image: c.images.custom };
  const [draft, setDraft] = useState<Draft>(saved);
  const saving = update.isPending;
  const [saveErrors, setSaveErrors] = useState<Record<string, string>>({});
  const preview = usePreview(id, draft);
  const errors = { ...fieldErrors(preview.error), ...saveErrors };
  const changed = (Object.keys(saved) as Array<keyof Draft>).some((k) => saved[k] !== draft[k]);
  const set = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setSaveErrors({});
  };
  const save = () =>
    update.mutate(draft, {
      onSuccess: () => toastSuccess(MESSAGES_SAVED_TEXT),
      onError: (error) => {
        setSaveErrors(fieldErrors(error));
        toastError(SAVE_ERROR_TEXT);
        requestAnimationFrame(() => focusFirstFieldError());
      },
    });
  const time = hourLabel(c.posting_hour);
  const next = preview.data?.next;
  return (
    <section className="card cel-section" aria-labelledby="cel-messages-title">
      <div>
        <h2 id="cel-messages-title" className="card-title">Messages</h2>
        <p className="muted">People sharing a day share one message. The previews are the messages Hearth posts, built the way it posts them.</p>
      </div>
      {next && (
        <div className="cel-next-post">
          <h3 className="kit-field-label">Next post · {formatDateTime(next.posts_at, c.time_zone)}</h3>
          <BlockKitPreview label="Next post preview" message={next} userNames={preview.data?.user_names} time={time} />
        </div>
      )}
      <div className="cel-templates">
        {KINDS.map(({ kind, title, vars, image }) => {
          const templateKey = kind === 'custom' ? null : (`${kind}_template` as const);
          const imageKey = `${kind}_image` as const;
          const sample = preview.data?.samples[kind];
          return (
            <div key={kind} className="cel-template">
              <h3 className="card-title cel-template-title">{title}</h3>
              {templateKey ? (
                <TextAreaField
                  label={`${title} message`}
                  rows={3}
                  maxLength={TEMPLATE_MAX_LENGTH}
                  value={draft[templateKey]}
                  error={errors[templateKey]}
                  hint={
                    <>
                      {vars}{' '}
                      {draft[templateKey] !== data.default_templates[kind] && (
                        <button type="button" className="text-link" onClick={() => set({ [templateKey]: data.default_templates[kind] })}>
                          Use the default
                        </button>
                      )}
                    </>
                  }
                  onChange={(value) => set({ [templateKey]: value })}
                />
              ) : (
                <p className="muted">{vars}</p>
              )}
              <ImagePicker label={image} name={`${id}-${imageKey}`} choices={data.image_choices.filter((i) => i.type === kind)} value={draft[imageKey]} onChange={(value) => set({ [imageKey]: value })} />
              {sample && <BlockKitPreview label={`${title} preview`} message={sample} userNames={preview.data?.user_names} time={time} />}
            </div>
          );
        })}
      </div>
      <div className="cel-save-row">
        {changed && <span className="muted">You have unsaved changes.</span>}
        <button type="button" className="button button-primary" disabled={!changed || saving} onClick={save}>
          {saving && <Spinner title="" />} Save messages
        </button>
      </div>
    </section>
  );
}
