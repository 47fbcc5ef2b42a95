import { useId, useState } from 'react';
import { ApiError, errorText } from '../../../api/client';
import { BlockKitPreview, Field, fieldErrors, Modal, ModalCancelButton, Select, Spinner, TextAreaField, TextField, toastError, toastSuccess } from '../../../kit';
import { hourLabel, usePreview, useSaveSchedule, type CelebrationAnswer, type ScheduleJson } from '../celebrationsApi';
import { MonthDayInput } from './MonthDayInput';
import { pad, PEOPLE_SEARCH, SAVE_ERROR_TEXT } from './shared';

interface CustomForm {
  title: string;
  month: number;
  day: number;
  year: string;
  person: string;
  message: string;
}

/** Add or change a custom date: name, day, optional first year and person, and its message with the real preview. */
export function CustomDateModal({ id, data, existing, onClose }: { id: string; data: CelebrationAnswer; existing?: ScheduleJson; onClose: () => void }) {
  const saveSchedule = useSaveSchedule(id, { toastOnError: false });
  const formId = useId();
  const [form, setForm] = useState<CustomForm>(() => ({
    title: existing?.title ?? '',
    month: existing?.date ? Number(existing.date.slice(0, 2)) : 0,
    day: existing?.date ? Number(existing.date.slice(3, 5)) : 0,
    year: existing?.year ? String(existing.year) : '',
    person: existing?.user_id ? String(existing.user_id) : '',
    message: existing?.message ?? '',
  }));
  const saving = saveSchedule.isPending;
  const [saveErrors, setSaveErrors] = useState<Record<string, string>>({});
  const preview = usePreview(id, { custom_title: form.title.trim(), custom_message: form.message.trim() || null });
  const previewErrors = fieldErrors(preview.error);
  const errors: Record<string, string | undefined> = { ...saveErrors, ...(previewErrors.custom_message ? { message: previewErrors.custom_message } : {}) };
  const valid = form.title.trim() !== '' && form.month > 0 && form.day > 0 && (form.year === '' || /^\d{4}$/.test(form.year));
  // Either way the list is refreshed (useSaveSchedule).
  const save = () => {
    setSaveErrors({});
    saveSchedule.mutate(
      {
        schedule_type: 'custom',
        ...(existing?.celebration_schedule_id ? { celebration_schedule_id: existing.celebration_schedule_id } : {}),
        title: form.title.trim(),
        date: `${form.year ? `${form.year}-` : ''}${pad(form.month)}-${pad(form.day)}`,
        user_id: form.person ? Number(form.person) : null,
        message: form.message.trim() || null,
      },
      {
        onSuccess: () => {
          toastSuccess(existing ? 'Custom date saved.' : `${form.title.trim()} added.`);
          onClose();
        },
        onError: (error) => {
          // Each field's problem at the field and the spec's toast; a 402 has opened the upgrade instead.
          const errors = fieldErrors(error);
          setSaveErrors(errors);
          if (!(error instanceof ApiError && error.status === 402)) toastError(Object.keys(errors).length ? SAVE_ERROR_TEXT : errorText(error, SAVE_ERROR_TEXT));
        },
      },
    );
  };
  const known = existing?.user_id && existing.name ? [{ id: String(existing.user_id), name: existing.name }] : [];
  return (
    <Modal
      title={existing ? 'Edit custom date' : 'Add a custom date'}
      onClose={onClose}
      confirmOnCancel={!existing && form.title !== ''}
      footer={
        <>
          <ModalCancelButton />
          <button type="submit" form={formId} className="button button-primary" disabled={!valid || saving}>
            {saving && <Spinner title="" />} {existing ? 'Save' : 'Add date'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="cel-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) save();
        }}
      >
        <TextField label="Name" value={form.title} maxLength={120} placeholder="e.g. Acme’s founding day" error={errors.title} onChange={(title) => setForm({ ...form, title })} />
        <Field label="Date (every year)" error={errors.date}>
          {(control) => (
            <span id={control.id} aria-describedby={control['aria-describedby']}>
              <MonthDayInput value={form} onChange={(v) => setForm({ ...form, ...v })} idPrefix={`${formId}-date`} invalid={Boolean(errors.date)} />
            </span>
          )}
        </Field>
        <TextField
          label="First year"
          optional
          className="cel-year"
          inputMode="numeric"
          value={form.year}
          maxLength={4}
          counter={false}
          placeholder="YYYY"
          hint="With a year, {years} in the message counts the years since."
          error={errors.year}
          onChange={(year) => setForm({ ...form, year: year.replace(/\D/g, '') })}
        />
        <Select
          label="Person (optional)"
          remote={PEOPLE_SEARCH}
          valueKey="id"
          labelKey="name"
          knownOptions={known}
          clearable
          value={form.person}
          placeholder="Search people…"
          onChange={(v) => setForm({ ...form, person: v[0] ?? '' })}
        />
        <TextAreaField label="Message" rows={3} maxLength={1500} value={form.message} placeholder={data.default_templates.custom} error={errors.message} onChange={(message) => setForm({ ...form, message })} />
        {preview.data && <BlockKitPreview label="Custom date preview" message={preview.data.samples.custom} userNames={preview.data.user_names} time={hourLabel(data.celebration.posting_hour)} />}
      </form>
    </Modal>
  );
}
