import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { ChannelPicker, EmptyState, InlineError, PartyIcon, Spinner, toastError } from '../../kit';
import { existingProgramPath } from '../programs/programsApi';
import { PageHeader } from '../PageHeader';
import { useApplyTemplate, usePrograms, useTemplates } from '../programs/programsApi';
import { longDate } from './celebrationsApi';
import '../programs/programs.css';
import './celebrations.css';

/**
 * /celebrations: every celebrations program the member may change, and a short way to start one (a template and a
 * channel → POST /channel_programs/apply_template_as_json → the new program's page).
 */
export default function CelebrationsIndexPage() {
  const navigate = useNavigate();
  const { data: programs, isLoading } = usePrograms();
  const { data: templates } = useTemplates(false);
  const celebrationTemplates = (templates ?? []).filter((t) => t.type === 'CelebrationProgram');
  const [template, setTemplate] = useState('');
  const [channel, setChannel] = useState('');
  const applyTemplate = useApplyTemplate();
  const creating = applyTemplate.isPending;
  const [error, setError] = useState<string | null>(null);
  const [existing, setExisting] = useState<string | null>(null);
  const mine = (programs ?? []).filter((p) => p.type === 'CelebrationProgram');
  const chosenTemplate = template || celebrationTemplates[0]?.id || '';

  const create = () => {
    setError(null);
    applyTemplate.mutate(
      { template_id: chosenTemplate, channel_id: channel },
      {
        onSuccess: (res) => void navigate(res.redirect_url),
        onError: (e) => {
          // programs.md §8: the server's error text is shown, and the form is enabled again.
          const text = errorText(e);
          setError(text);
          setExisting(existingProgramPath(e));
          toastError(text);
        },
      },
    );
  };

  return (
    <div className="cel-page">
      <PageHeader title={<span className="cel-title"><PartyIcon /> Celebrations</span>} subtitle="Birthdays, work anniversaries and your own dates, celebrated in Slack at the right local time." />
      <div className="cel-index">
        <section className="card cel-section" aria-labelledby="cel-list-title">
          <h2 id="cel-list-title" className="card-title">Your celebrations programs</h2>
          {isLoading && <p className="page-loading">Loading…</p>}
          {!isLoading && mine.length === 0 && (
            <EmptyState title="No celebrations yet" headingLevel={3}>
              Start one on the right: pick what to celebrate and a channel.
            </EmptyState>
          )}
          {mine.length > 0 && (
            <ul className="cel-program-list">
              {mine.map((p) => (
                <li key={p.id}>
                  <Link className="panel cel-program" to={p.page_path}>
                    <span className="strong-text">{p.channel}</span>
                    <span className="muted">
                      {p.is_active ? 'On' : 'Paused'} · {p.num_participants} {p.num_participants === 1 ? 'person' : 'people'} with dates
                      {p.next_occurrence_on ? ` · next ${longDate(p.next_occurrence_on)}` : ''}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card cel-section" aria-labelledby="cel-new-title">
          <h2 id="cel-new-title" className="card-title">Start celebrating</h2>
          <fieldset className="plain-fieldset cel-fieldset" disabled={creating}>
            <legend className="field-label">What to celebrate</legend>
            {celebrationTemplates.map((t) => (
              <label key={t.id} className="option-label cel-radio">
                <input type="radio" name="template" checked={chosenTemplate === t.id} onChange={() => setTemplate(t.id)} />
                <span>
                  {t.name}
                  <span className="muted small cel-hint">{t.description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <ChannelPicker label="Channel" value={channel} onChange={(v) => setChannel(v[0] ?? '')} disabled={creating} />
          {error && (
            <InlineError
              variant="text"
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
          <div>
            <button type="button" className="button button-primary" disabled={!channel || !chosenTemplate || creating} onClick={() => void create()}>
              {creating && <Spinner title="" />} Create
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}
