import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import { fieldErrors, focusFirstFieldError, openUpgradeModal, showToast, Spinner, toastError, toastSuccess } from '../../../kit';
import { useUpdateCoffee, type CoffeePageData } from '../introsApi';
import { adjustmentNotes, applyChange, draftOf, pairingTypeAllowed, sameDraft, updateBody, type Notes, type SettingsDraft } from '../settingsForm';
import type { PairingType } from '../settingsRules';
import { MeetingsSection } from './MeetingsSection';
import { MessageSection } from './MessageSection';
import { PairingSection } from './PairingSection';
import { ScheduleSection } from './ScheduleSection';
import { INTROS_SAVED_TEXT, SAVE_ERROR_TEXT, sentence, type SectionProps } from './settingsText';

/** The program's settings as one form: rules apply as the admin changes things, errors show at each field. */
export function SettingsForm({ data, id }: { data: CoffeePageData; id: string }) {
  const update = useUpdateCoffee(id, { toastOnError: false });
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
  const saving = update.isPending;
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

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const outcome = applyChange(draft, {}, ctx, notes);
    setErrors(outcome.errors);
    if (Object.keys(outcome.errors).length > 0) {
      toastError(SAVE_ERROR_TEXT);
      return;
    }
    update.mutate(updateBody(outcome.draft).coffee_configuration, {
      onSuccess: (answer) => {
        const fresh = draftOf(answer.config);
        setSaved(fresh);
        setDraft(fresh);
        setNotes({});
        setServerErrors({});
        toastSuccess(INTROS_SAVED_TEXT);
        for (const text of Object.values(adjustmentNotes(answer.adjusted ?? {}, fresh.next_fixed_meeting_on))) showToast({ type: 'standard', text: sentence(text) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 402) return; // the upgrade modal is open
        const fields = fieldErrors(error);
        setServerErrors(fields);
        toastError(SAVE_ERROR_TEXT);
        if (Object.keys(fields).length > 0) requestAnimationFrame(() => focusFirstFieldError());
      },
    });
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
    <form className="settings-form" onSubmit={save} noValidate>
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
