import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, ApiError } from '../../api/client';
import { useCurrentUser } from '../../api/currentUser';
import {
  AlertIcon,
  MessagePreview,
  openModal,
  openUpgradeModal,
  Select,
  showToast,
  Spinner,
  toastError,
  toastSuccess,
  DEFAULT_SUCCESS_TEXT,
  type SelectOption,
  TextAreaField,
  OwnershipSection,
  fieldErrors,
  focusFirstFieldError,
} from '../../kit';
import { PageHeader } from '../PageHeader';
import { TypeBadge } from '../programs/AllChannelsPage';
import { formatLocalDate, type ProgramJson } from '../programs/programsApi';
import { DatePicker } from './DatePicker';
import { IcebreakersModal } from './IcebreakersModal';
import { hourLabel, useCoffee, useStoreCoffee, WEEKDAYS, type CoffeePageData, type CoffeeUpdateAnswer } from './introsApi';
import { applyChange, draftOf, pairingTypeAllowed, sameDraft, updateBody, windowEnd, type Notes, type SettingsDraft } from './settingsForm';
import {
  CALENDAR_SELECTIONS,
  MAX_GROUP_SIZE,
  MAX_PERIOD_WEEKS,
  MIN_GROUP_SIZE,
  PAIRING_TYPE_LABELS,
  PAIRING_TYPES,
  VIDEO_PLATFORMS,
  type CalendarSelection,
  type PairingType,
  type VideoPlatform,
} from './settingsRules';
import '../programs/programs.css';
import './intros.css';

/** People of the workspace by name or email, answering [{ id (member id), name, email }]. */
export const PEOPLE_PICKER_PATH = '/people/search';
/** The server's limit on the text under an intro (src/intros/schema.ts). */
export const INTRO_MESSAGE_MAX = 2000;
export const INTROS_SAVED_TEXT = 'Intros settings saved.';

/** programs.md §8. */
export const SAVE_ERROR_TEXT = 'Error saving settings. Please try again.';

export const PAIRING_TYPE_TEXT: Record<PairingType, string> = {
  standard: 'Everyone is grouped with the people they have met least.',
  topic_based: 'People who picked the same interests meet each other.',
  cross_group_pairing: 'People meet someone from another interest group.',
  within_group_pairing: 'People meet within their own interest group.',
  lottery: 'A few people are drawn each round, favouring those not drawn for longer.',
};

export const CALENDAR_LABELS: Record<CalendarSelection, { label: string; text: string }> = {
  none: { label: 'No calendar invite', text: 'Groups arrange their own time in their DM.' },
  'fixed-meeting': { label: 'A fixed meeting time', text: 'Everyone meets on the same day and time; Hearth sends the invites.' },
  'groups-choose-meeting-time': { label: 'Each group picks a time', text: 'Hearth suggests times that suit everyone’s calendar.' },
};

export const VIDEO_LABELS: Record<VideoPlatform, string> = {
  none: 'No video link',
  meet_and_teams: 'Google Meet or Microsoft Teams, from each calendar',
  zoom: 'Zoom',
  google_meet: 'Google Meet',
  microsoft_teams: 'Microsoft Teams',
};

const GROUP_SIZE_OPTIONS = Array.from({ length: MAX_GROUP_SIZE - MIN_GROUP_SIZE + 1 }, (_, i) => {
  const n = MIN_GROUP_SIZE + i;
  return { value: String(n), label: n === 2 ? 'Pairs (2 people)' : `Groups of ${n}` };
});
const PERIOD_OPTIONS = Array.from({ length: MAX_PERIOD_WEEKS + 1 }, (_, n) => ({
  value: String(n),
  label: n === 0 ? 'Once (no repeat)' : n === 1 ? 'Every week' : `Every ${n} weeks`,
}));
const WEEKDAY_OPTIONS = WEEKDAYS.map((name, i) => ({ value: String(i + 1), label: name }));
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));

function timeZoneOptions(current: string): SelectOption[] {
  let zones: string[];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  if (!zones.includes(current)) zones = [current, ...zones];
  return zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}

const SAMPLE_NAMES = { U1: 'Ananya Iyer', U2: 'Jonas Weber', U3: 'Grace Kim' };

function sampleIntro(draft: SettingsDraft, channel: string): string {
  const who = draft.group_size > 2 ? '<@U1>, <@U2> and <@U3>' : '<@U1> and <@U2>';
  const message = draft.intro_message.trim() || 'Grab a coffee and get to know each other!';
  return `:wave: Hi ${who}! You have been matched for Intros in ${channel}.\n${message}`;
}

function FieldNote({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p className="rule-note" role="status">
      <span aria-hidden="true">↺</span> {text.charAt(0).toUpperCase() + text.slice(1)}
    </p>
  );
}

function FieldError({ text, id }: { text?: string; id?: string }) {
  if (!text) return null;
  return (
    <p className="field-hint field-hint-error" role="alert" id={id}>
      {text.charAt(0).toUpperCase() + text.slice(1)}
    </p>
  );
}

// ---- ownership ---------------------------------------------------------------------------------------------------

function Ownership({ data, id }: { data: CoffeePageData; id: string }) {
  const store = useStoreCoffee(id);
  const members = useMemo(() => data.members.filter((m) => m.status !== 'ineligible'), [data.members]);
  return (
    <OwnershipSection<{ program?: ProgramJson }>
      program={data.program}
      people={members}
      path={`/coffee/${id}/update_ownership_as_json`}
      onSaved={(answer) => store({ ...data, program: answer.program ?? data.program })}
    />
  );
}

// ---- welcome message ---------------------------------------------------------------------------------------------

function WelcomeSection({ data, id }: { data: CoffeePageData; id: string }) {
  const store = useStoreCoffee(id);
  const user = useCurrentUser();
  const [text, setText] = useState(data.team.pairing_welcome_message ?? '');
  const [saving, setSaving] = useState(false);
  const fieldId = useId();
  const changed = text !== (data.team.pairing_welcome_message ?? '');
  const canEdit = user.data?.is_admin ?? false;

  const save = async () => {
    setSaving(true);
    try {
      const answer = await api.put<{ team: CoffeePageData['team'] }>(`/teams/${data.team.id}`, { team: { pairing_welcome_message: text } });
      store({ ...data, team: answer.team ?? { ...data.team, pairing_welcome_message: text } });
      toastSuccess(DEFAULT_SUCCESS_TEXT);
    } catch {
      // the API client has shown the error
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="welcome-title">
      <h2 id="welcome-title" className="settings-title">
        Welcome message
      </h2>
      <p className="muted section-lead">Sent as a DM the first time someone joins an Intros round, in every Intros channel of the workspace.</p>
      <div className="two-col">
        <div>
          <label className="field-label" htmlFor={fieldId}>
            Pairing welcome message
          </label>
          <textarea
            id={fieldId}
            className="text-area"
            rows={5}
            value={text}
            disabled={!canEdit}
            placeholder="Welcome to Intros! Every couple of weeks you'll meet someone new…"
            onChange={(e) => setText(e.target.value)}
          />
          {!canEdit && <p className="field-hint">Only workspace admins can change the welcome message.</p>}
        </div>
        <div className="slack-frame">
          <MessagePreview text={text.trim() || '_No welcome message: people get their first intro straight away._'} time="9:00 AM" />
        </div>
      </div>
      <div className="section-actions">
        <button type="button" className="button button-secondary" disabled={!changed || saving || !canEdit} onClick={() => void save()}>
          {saving && <Spinner title="" />} Save welcome message
        </button>
      </div>
    </section>
  );
}

// ---- categories --------------------------------------------------------------------------------------------------

function CategoriesEditor({ draft, onChange }: { draft: SettingsDraft; onChange: (categories: SettingsDraft['categories']) => void }) {
  const [name, setName] = useState('');
  const inputId = useId();
  const add = () => {
    const text = name.trim();
    if (!text || draft.categories.some((c) => c.name.trim().toLowerCase() === text.toLowerCase())) return;
    onChange([...draft.categories, { name: text }]);
    setName('');
  };
  return (
    <div className="categories-editor">
      <span className="field-label">Interests people can pick</span>
      {draft.categories.length === 0 ? (
        <p className="muted small">No interests yet. Interest-based pairing types use them.</p>
      ) : (
        <ul className="category-list">
          {draft.categories.map((c, index) => (
            <li key={c.id ?? `new-${index}`} className="category-row">
              <input
                className="text-input"
                aria-label={`Interest ${index + 1}`}
                value={c.name}
                onChange={(e) => onChange(draft.categories.map((x, i) => (i === index ? { ...x, name: e.target.value } : x)))}
              />
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${c.name || 'interest'}`}
                onClick={() => onChange(draft.categories.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="inline-form">
        <label htmlFor={inputId} className="visually-hidden">
          New interest
        </label>
        <input
          id={inputId}
          className="text-input"
          value={name}
          placeholder="e.g. Hiking"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button-secondary" onClick={add} disabled={!name.trim()}>
          Add interest
        </button>
      </div>
    </div>
  );
}

// ---- the settings form ---------------------------------------------------------------------------------------------

function SettingsForm({ data, id }: { data: CoffeePageData; id: string }) {
  const store = useStoreCoffee(id);
  const user = useCurrentUser();
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
  const timeId = useId();
  const dirty = !sameDraft(draft, saved);
  const zones = useMemo(() => timeZoneOptions(draft.tz), [draft.tz]);

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
      for (const text of Object.values(answer.adjusted ?? {})) showToast({ type: 'standard', text: text.charAt(0).toUpperCase() + text.slice(1) });
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

  const errorOf = (key: keyof SettingsDraft) => (errors as Record<string, string | undefined>)[key] ?? serverErrors[key];
  const noEnforce = draft.pairing_type === 'lottery' || draft.pairing_type === 'standard';
  const fixed = draft.calendar_scheduling_selection === 'fixed-meeting';
  const until = windowEnd(config.next_occurrence_on, draft.period);
  const videoHint =
    draft.video_platform === 'zoom' && user.data && !user.data.has_valid_zoom_identity
      ? 'Link a Zoom account in Integrations so Hearth can create the meetings.'
      : undefined;

  return (
    <form className="settings-form" onSubmit={(e) => void save(e)} noValidate>
      <section className="card settings-section" aria-labelledby="pairing-title">
        <h2 id="pairing-title" className="settings-title">
          Pairing
        </h2>
        <fieldset className="form-section">
          <legend className="field-label">Pairing type</legend>
          <div className="choice-grid">
            {PAIRING_TYPES.map((type) => {
              const needsPlan = !pairingTypeAllowed(type, draft, ctx.paidFeatureAccess);
              return (
                <label key={type} className={draft.pairing_type === type ? 'template-choice is-chosen' : 'template-choice'}>
                  <input type="radio" name="pairing_type" value={type} checked={draft.pairing_type === type} onChange={() => choosePairingType(type)} />
                  <span className="template-choice-name">
                    {PAIRING_TYPE_LABELS[type]}
                    {needsPlan && <span className="plan-badge">Premium</span>}
                  </span>
                  <span className="template-choice-text">{PAIRING_TYPE_TEXT[type]}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className="field-grid">
          <div>
            <Select
              label="Group size"
              options={GROUP_SIZE_OPTIONS}
              value={String(draft.group_size)}
              onChange={(v) => v[0] && change({ group_size: Number(v[0]) })}
            />
            <FieldError text={errorOf('group_size')} />
          </div>
          <div className="checkbox-field">
            <label className={noEnforce ? 'toggle-field is-disabled' : 'toggle-field'}>
              <input
                type="checkbox"
                name="enforce_group_size"
                checked={draft.enforce_group_size}
                disabled={noEnforce}
                aria-describedby="enforce-hint"
                onChange={(e) => change({ enforce_group_size: e.target.checked })}
              />
              Enforce group size
            </label>
            <p id="enforce-hint" className="field-hint">
              {noEnforce
                ? `${PAIRING_TYPE_LABELS[draft.pairing_type]} intros never enforce a group size.`
                : 'Leave people out rather than make a group bigger or smaller.'}
            </p>
            <FieldNote text={notes.enforce_group_size} />
          </div>
        </div>
        <CategoriesEditor draft={draft} onChange={(categories) => change({ categories })} />
      </section>

      <section className="card settings-section" aria-labelledby="schedule-title">
        <h2 id="schedule-title" className="settings-title">
          Schedule
        </h2>
        <p className="muted section-lead">
          {config.next_occurrence_on
            ? `Next round: ${formatLocalDate(config.next_occurrence_on, { weekday: 'long', month: 'long', day: 'numeric' })}.`
            : 'No round is scheduled while the program is paused.'}
        </p>
        <div className="field-grid">
          <div>
            <Select label="How often" options={PERIOD_OPTIONS} value={String(draft.period)} onChange={(v) => v[0] !== undefined && change({ period: Number(v[0]) })} />
            <FieldError text={errorOf('period')} />
          </div>
          <div>
            <Select label="Day" options={WEEKDAY_OPTIONS} value={String(draft.weekday)} onChange={(v) => v[0] && change({ weekday: Number(v[0]) })} />
            <FieldError text={errorOf('weekday')} />
          </div>
          <div>
            <Select
              label="Time intros go out"
              options={HOUR_OPTIONS}
              value={String(draft.occurrence_hour)}
              onChange={(v) => v[0] !== undefined && change({ occurrence_hour: Number(v[0]) })}
            />
            <FieldError text={errorOf('occurrence_hour')} />
          </div>
          <div>
            <Select label="Time zone" searchable options={zones} value={draft.tz} onChange={(v) => v[0] && change({ tz: v[0] })} />
            <FieldError text={errorOf('tz')} />
          </div>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="meetings-title">
        <h2 id="meetings-title" className="settings-title">
          Meetings
        </h2>
        <fieldset className="form-section">
          <legend className="field-label">Calendar</legend>
          <div className="choice-grid choice-grid-3">
            {CALENDAR_SELECTIONS.map((sel) => (
              <label key={sel} className={draft.calendar_scheduling_selection === sel ? 'template-choice is-chosen' : 'template-choice'}>
                <input
                  type="radio"
                  name="calendar_scheduling_selection"
                  value={sel}
                  checked={draft.calendar_scheduling_selection === sel}
                  onChange={() => change({ calendar_scheduling_selection: sel })}
                />
                <span className="template-choice-name">{CALENDAR_LABELS[sel].label}</span>
                <span className="template-choice-text">{CALENDAR_LABELS[sel].text}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {fixed && (
          <div className="field-grid fixed-meeting">
            <div>
              <DatePicker
                label="Meeting date"
                value={draft.next_fixed_meeting_on}
                today={config.next_occurrence_on ?? undefined}
                highlightFrom={config.next_occurrence_on}
                highlightUntil={until}
                onChange={(iso) => change({ next_fixed_meeting_on: iso })}
                error={errorOf('next_fixed_meeting_on')}
                hint={
                  draft.period === 0
                    ? 'With a single round, the meeting is on the day of the intros.'
                    : until && config.next_occurrence_on
                      ? `A weekday from ${formatLocalDate(config.next_occurrence_on)} until before ${formatLocalDate(until)}.`
                      : 'A weekday within the round.'
                }
              />
              <FieldNote text={notes.next_fixed_meeting_on} />
            </div>
            <div>
              <label className="field-label" htmlFor={timeId}>
                Meeting time
              </label>
              <input
                id={timeId}
                type="time"
                className="text-input"
                step={900}
                value={draft.next_fixed_meeting_time ?? ''}
                min={`${String(draft.occurrence_hour).padStart(2, '0')}:30`}
                aria-invalid={errorOf('next_fixed_meeting_time') ? true : undefined}
                onChange={(e) => change({ next_fixed_meeting_time: e.target.value || null })}
              />
              {errorOf('next_fixed_meeting_time') ? (
                <FieldError text={errorOf('next_fixed_meeting_time')} />
              ) : (
                <p className="field-hint">At least 30 minutes after the intros go out ({hourLabel(draft.occurrence_hour).replace(':00', ':30')} or later).</p>
              )}
            </div>
          </div>
        )}
        <div className="field-grid">
          <div>
            <Select
              label="Video link"
              options={VIDEO_PLATFORMS.map((v) => ({
                value: v,
                label: VIDEO_LABELS[v],
                disabled: v === 'meet_and_teams' && draft.calendar_scheduling_selection !== 'groups-choose-meeting-time',
              }))}
              value={draft.video_platform}
              onChange={(v) => v[0] && change({ video_platform: v[0] as VideoPlatform })}
            />
            {draft.calendar_scheduling_selection !== 'groups-choose-meeting-time' && (
              <p className="field-hint">Meet or Teams links from each calendar need groups to pick their own time.</p>
            )}
            {videoHint && <p className="field-hint">{videoHint}</p>}
            <FieldNote text={notes.video_platform} />
          </div>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="message-title">
        <h2 id="message-title" className="settings-title">
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
            <div className="icebreakers-summary">
              <div>
                <span className="field-label">Icebreakers</span>
                <p className="field-hint">Each intro comes with a question to get the conversation going.</p>
              </div>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => openModal((close) => <IcebreakersModal programId={id} onClose={close} />)}
              >
                Manage icebreakers
              </button>
            </div>
          </div>
          <div className="slack-frame">
            <MessagePreview text={sampleIntro(draft, program.channel)} userNames={SAMPLE_NAMES} reacjiList={['wave']} time={hourLabel(draft.occurrence_hour)} />
          </div>
        </div>
      </section>

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

export default function IntrosSettingsPage() {
  const { id = '' } = useParams();
  const coffee = useCoffee(id);

  if (coffee.isPending) {
    return (
      <section>
        <PageHeader title="Intros settings" />
        <div className="page-loading" role="status">
          <Spinner /> Loading…
        </div>
      </section>
    );
  }
  if (coffee.isError) {
    const status = coffee.error instanceof ApiError ? coffee.error.status : 0;
    return (
      <section>
        <PageHeader title="Intros settings" />
        <div className="card inline-error-card" role="alert">
          <p>
            <AlertIcon />{' '}
            {status === 404
              ? 'We couldn’t find this Intros program.'
              : status === 403
                ? 'Only this program’s owner, editors and workspace admins can change it.'
                : 'Error loading Intros programs'}
          </p>
          <button type="button" className="button button-secondary" onClick={() => void coffee.refetch()}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  const data = coffee.data;
  return (
    <section className="intros-settings" aria-labelledby="intros-settings-title">
      <PageHeader
        title={
          <span id="intros-settings-title" className="title-with-badges">
            Settings for {data.program.channel}
            <TypeBadge type={data.program.type} />
          </span>
        }
        subtitle="Changes apply from the next round."
        actions={
          <Link className="button button-secondary" to={`/coffee/${id}`}>
            Back to the program
          </Link>
        }
      />
      <div className="settings-layout">
        <SettingsForm key={data.config.id} data={data} id={id} />
        <Ownership data={data} id={id} />
        <WelcomeSection data={data} id={id} />
      </div>
    </section>
  );
}
