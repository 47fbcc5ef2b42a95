import { useEffect, useMemo, useState } from 'react';
import { api, ApiError } from '../../../api/client';
import { fieldErrors, focusFirstFieldError, openUpgradeModal, showToast, Spinner, toastError, toastSuccess } from '../../../kit';
import { useStoreCoffee, type CoffeePageData, type CoffeeUpdateAnswer } from '../introsApi';
import { applyChange, draftOf, pairingTypeAllowed, sameDraft, updateBody, type Notes, type SettingsDraft } from '../settingsForm';
import type { PairingType } from '../settingsRules';
import { MeetingsSection } from './MeetingsSection';
import { MessageSection } from './MessageSection';
import { PairingSection } from './PairingSection';
import { ScheduleSection } from './ScheduleSection';
import { INTROS_SAVED_TEXT, SAVE_ERROR_TEXT, sentence, type SectionProps } from './settingsText';

/** The program's settings as one form: rules apply as the admin changes things, errors show at each field. */
export function SettingsForm({ data, id }: { data: CoffeePageData; id: string }) {
  const store = useStoreCoffee(id);
  const { program, config } = data;
  const ctx = useMemo(
    () => ({ nextOccurrenceOn: config.next_occurrence_on, paidFeatureAccess: program.service_account.paidFeatureAccess }),
    [config.next_occurrence_on, program.service_account.paidFeatureAccess],
  );
  const [saved, setSaved] = useState<SettingsDraft>(() => draftOf(config));
  const [draft, setDraft] = useState<SettingsDraft>(saved);
  const [notes, setNotes] = useState<Notes>({});
  const [errors, setErrors] = useState<Notes>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = !sameDraft(draft, saved);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const change = (patch: Partial<SettingsDraft>) => {
    const outcome = applyChange(draft, patch, ctx, notes);
    setDraft(outcome.draft);
    setNotes(outcome.notes);
    setErrors(outcome.errors);
    setServerErrors((prev) => {
      const copy = { ...prev };
      for (const key of Object.keys(patch)) delete copy[key];
      return copy;
    });
  };

  const choosePairingType = (type: PairingType) => {
    if (type === draft.pairing_type) return;
    if (!pairingTypeAllowed(type, draft, ctx.paidFeatureAccess)) {
      // programs.md §5: the plan upgrade modal, and the type stays as it was.
      openUpgradeModal({ feature: 'pairing_types', trialAvailable: program.service_account.paidCoffeeTrialAllowed });
      return;
    }
    change({ pairing_type: type });
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const outcome = applyChange(draft, {}, ctx, notes);
    setErrors(outcome.errors);
    if (Object.keys(outcome.errors).length > 0) {
      toastError(SAVE_ERROR_TEXT);
      return;
    }
    setSaving(true);
    try {
      const answer = await api.put<CoffeeUpdateAnswer>(`/coffee/${id}/update_as_json`, updateBody(outcome.draft), { toastOnError: false });
      store(answer);
      const fresh = draftOf(answer.config);
      setSaved(fresh);
      setDraft(fresh);
      setNotes({});
      setServerErrors({});
      toastSuccess(INTROS_SAVED_TEXT);
      for (const text of Object.values(answer.adjusted ?? {})) showToast({ type: 'standard', text: sentence(text) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) return; // the upgrade modal is open
      const fields = fieldErrors(error);
      setServerErrors(fields);
      toastError(SAVE_ERROR_TEXT);
      if (Object.keys(fields).length > 0) requestAnimationFrame(() => focusFirstFieldError());
    } finally {
      setSaving(false);
    }
  };

  const section: SectionProps = {
    draft,
    change,
    notes,
    errorOf: (key) => {
      const error = (errors as Record<string, string | undefined>)[key] ?? serverErrors[key];
      return error ? sentence(error) : undefined;
    },
  };

  return (
    <form className="settings-form" onSubmit={(e) => void save(e)} noValidate>
      <PairingSection {...section} paidFeatureAccess={ctx.paidFeatureAccess} onPairingType={choosePairingType} hrisLinked={data.hris_linked} />
      <ScheduleSection {...section} nextOccurrenceOn={config.next_occurrence_on} />
      <MeetingsSection {...section} nextOccurrenceOn={config.next_occurrence_on} />
      <MessageSection {...section} programId={id} />

      <div className={dirty ? 'save-bar is-dirty' : 'save-bar'}>
        <span className="save-bar-text" role="status">
          {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </span>
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary"
            disabled={!dirty || saving}
            onClick={() => {
              setDraft(saved);
              setNotes({});
              setErrors({});
              setServerErrors({});
            }}
          >
            Discard
          </button>
          <button type="submit" className="button button-primary" disabled={!dirty || saving}>
            {saving && <Spinner title="" />} {saving ? 'Saving…' : 'Save settings'}
          </button>
        </div>
      </div>
    </form>
  );
}
