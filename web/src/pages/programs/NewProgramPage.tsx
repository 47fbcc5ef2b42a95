import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../api/client';
import { BlockKitPreview, ChannelPicker, InlineError, RemoteBlockKitPreview, Spinner, useServerPreview, type ChannelOption } from '../../kit';
import { PageHeader } from '../PageHeader';
import { existingProgramPath, isProgramSlug, PROGRAM_SLUGS, PROGRAM_TYPES, useApplyTemplate, useTemplates, type ProgramSlug, type ProgramTemplate } from './programsApi';
import './programs.css';

/** What each kind of program posts, in a line, beside its preview. */
const CAPTIONS: Record<ProgramSlug, string> = {
  intros: 'Each round, Hearth opens a group DM for every pair or group, with an icebreaker.',
  watercooler: 'On schedule, Hearth posts a prompt from your packs into the channel.',
  celebrations: 'On the day, at a friendly local time, Hearth celebrates in the channel.',
};

/** The server's preview of a new program's first message, from the same builder that sends (celebrations: a sample). */
const PREVIEW_PATHS: Partial<Record<ProgramSlug, string>> = { intros: '/coffee/preview_as_json', watercooler: '/watercooler/preview_as_json' };
const CELEBRATION_SAMPLE = { text: ':birthday: Happy birthday, <@U1>! Wishing you a wonderful year ahead. :tada:' };

export default function NewProgramPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const preview = params.get('preview');
  const slug: ProgramSlug = isProgramSlug(preview) ? preview : 'intros';
  const kind = PROGRAM_TYPES[slug];
  const templates = useTemplates(false);
  const ofKind = (templates.data ?? []).filter((t) => t.type === kind.type);

  const wantedTemplate = params.get('template_id');
  const [templateId, setTemplateId] = useState<string | null>(wantedTemplate);
  const [channel, setChannel] = useState<ChannelOption | null>(null);
  const applyTemplate = useApplyTemplate();
  const submitting = applyTemplate.isPending;
  const [error, setError] = useState<string | null>(null);
  /** "#intros already has Intros": the program that is already there, to link to. */
  const [existing, setExisting] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const errorId = useId();

  // Choose the template the address names, or the kind's first, once they are known.
  useEffect(() => {
    if (!templates.data) return;
    const list = templates.data.filter((t) => t.type === kind.type);
    if (templateId && list.some((t) => t.id === templateId)) return;
    setTemplateId(list.find((t) => t.id === wantedTemplate)?.id ?? list[0]?.id ?? null);
  }, [templates.data, kind.type, templateId, wantedTemplate]);

  const chooseKind = (next: ProgramSlug) => {
    setError(null);
    setTemplateId(null);
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set('preview', next);
        copy.delete('template_id');
        return copy;
      },
      { replace: true },
    );
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (!templateId || !channel) return;
    setError(null);
    setExisting(null);
    applyTemplate.mutate(
      { template_id: templateId, channel_id: channel.uid },
      {
        onSuccess: (answer) => void navigate(answer.redirect_url),
        onError: (caught) => {
          // programs.md §8: the server's error is shown and the form is enabled again. 402 opened the upgrade modal.
          if (!(caught instanceof ApiError && caught.status === 402)) setError(errorText(caught));
          setExisting(existingProgramPath(caught));
        },
      },
    );
  };

  const previewPath = templateId ? (PREVIEW_PATHS[slug] ?? null) : null;
  const message = useServerPreview(previewPath, { template_id: templateId, ...(slug === 'intros' && channel ? { channel_id: channel.uid } : {}) });
  // Intros and Watercooler always; Celebrations once its templates exist (or when asked for).
  const kinds = PROGRAM_SLUGS.filter(
    (s) => s !== 'celebrations' || slug === 'celebrations' || (templates.data ?? []).some((t) => t.type === PROGRAM_TYPES.celebrations.type),
  );
  const missingChannel = showErrors && !channel;

  return (
    <section className="new-program" aria-labelledby="new-program-title">
      <PageHeader
        title={<span id="new-program-title">New {kind.noun}</span>}
        subtitle={kind.blurb}
        actions={
          <Link className="button button-secondary" to="/templates">
            Template library
          </Link>
        }
      />
      <div className="new-program-grid">
        <form className="card form-card" onSubmit={submit} aria-describedby={error ? errorId : undefined} noValidate>
          <fieldset className="plain-fieldset" disabled={submitting}>
            <legend className="card-title">1. What kind of program?</legend>
            <div className="kind-choices" role="radiogroup" aria-label="Program type">
              {kinds.map((s) => (
                <label key={s} className={s === slug ? 'choice-card is-chosen' : 'choice-card'}>
                  <input type="radio" name="kind" value={s} checked={s === slug} onChange={() => chooseKind(s)} />
                  <span className="choice-card-title">{PROGRAM_TYPES[s].label}</span>
                  <span className="choice-card-text">{PROGRAM_TYPES[s].short}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="plain-fieldset" disabled={submitting}>
            <legend className="card-title">2. Start from a template</legend>
            {templates.isPending ? (
              <p className="page-loading" role="status">
                <Spinner /> Loading templates…
              </p>
            ) : templates.isError ? (
              <InlineError onRetry={() => void templates.refetch()}>We couldn't load the templates.</InlineError>
            ) : ofKind.length === 0 ? (
              <p className="muted">There are no {kind.label} templates yet.</p>
            ) : (
              <div className="template-choices" role="radiogroup" aria-label="Template">
                {ofKind.map((t: ProgramTemplate) => (
                  <label key={t.id} className={t.id === templateId ? 'choice-card is-chosen' : 'choice-card'}>
                    <input type="radio" name="template_id" value={t.id} checked={t.id === templateId} onChange={() => setTemplateId(t.id)} />
                    <span className="choice-card-title">{t.name}</span>
                    <span className="choice-card-text">{t.description}</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>

          <fieldset className="plain-fieldset" disabled={submitting}>
            <legend className="card-title">3. Choose a channel</legend>
            <ChannelPicker
              label="Channel"
              name="channel_id"
              required
              includePrivate
              includeShared
              includeOrgShared
              value={channel?.uid ?? null}
              knownChannels={channel ? [channel] : undefined}
              onChange={(_values, options) => {
                setChannel((options[0] as ChannelOption | undefined) ?? null);
                setError(null);
              }}
              disabled={submitting}
            />
            <p className={missingChannel ? 'kit-field-hint text-error strong-text' : 'kit-field-hint'} role={missingChannel ? 'alert' : undefined}>
              {missingChannel
                ? 'Choose the channel for this program.'
                : slug === 'intros'
                  ? 'Everyone in the channel takes part; people who join later are included in the next round.'
                  : 'Hearth joins public channels by itself. For a private channel, invite @Hearth first.'}
            </p>
          </fieldset>

          {error && (
            <InlineError
              id={errorId}
              action={
                existing && (
                  <Link className="text-link" to={existing}>
                    Open it
                  </Link>
                )
              }
            >
              {error}
            </InlineError>
          )}
          <div className="form-actions">
            <Link className="button button-secondary" to={slug === 'celebrations' ? '/celebrations' : `/all_channels?type=${slug}`}>
              Cancel
            </Link>
            <button type="submit" className="button button-primary" disabled={submitting || !templateId}>
              {submitting && <Spinner title="" />} {submitting ? 'Creating…' : `Create ${kind.noun}`}
            </button>
          </div>
        </form>

        <aside className="card preview-card" aria-labelledby="preview-title">
          <h2 id="preview-title" className="card-title">
            What it posts
          </h2>
          <p className="muted small">{CAPTIONS[slug]}</p>
          {PREVIEW_PATHS[slug] ? (
            <RemoteBlockKitPreview query={message} userNames={message.data?.user_names} label="Message preview from Hearth" />
          ) : (
            <BlockKitPreview message={CELEBRATION_SAMPLE} userNames={{ U1: 'Sofia Novak' }} label="Message preview from Hearth" />
          )}
        </aside>
      </div>
    </section>
  );
}
