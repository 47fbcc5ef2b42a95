import { useQuery } from '@tanstack/react-query';
import { Download, Plus, Trash2, Upload, Users } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { SavedSessionAnswer } from '../../../../src/enrollment/api-types';
import { enrollmentCsvColumns, enrollmentCsvTemplate, parseEnrollmentCsv, resolveEmails, type CsvError } from '../../../../src/enrollment/csv';
import { DateField, InlineError, PageState, Select, Spinner, Switch, TextField, TimeZoneSelect, timeZoneOptions, toastError, zoneName, type SelectOption } from '../../kit';
import { tagsQuery, type RoleJson, type TagsIndex } from '../journeys/api/journeysApi';
import { PageHeader } from '../PageHeader';
import { AutoEnrollChannels } from './AutoEnrollChannels';
import { useEnrollmentBase } from './enrollmentBase';
import { rolesQuery, savedSessionsQuery, useImportManagers, usersFromEmail, useSubmitEnrollment } from './enrollmentApi';
import { addRows, deleteRow, newRow, participantEmails, rowFromSaved, rowsFromCsv, setJourneys, setMembership, submission, SYNC_ZONE, withManagers, type FormRow, type FormState } from './manualForm';
import './enrollment.css';

const PEOPLE = { path: '/people/search' };

/**
 * Manual enrollment (journeys.md §2–§5): one row per person with a start date, journeys, a time zone ("Import
 * from Slack" by default) and who fills each role, typed in or imported from a CSV. Submitting sends the rows,
 * polls the upsert every 2 s, and goes to the batches page when it succeeded. With `?session_id=` (one or more), the
 * saved sessions open as rows to change, those that have not started yet.
 */
export default function ManualEnrollmentPage() {
  const { flow, tagId, base } = useEnrollmentBase();
  const tags = useQuery(tagsQuery(flow, false));
  const roles = useQuery(rolesQuery(flow, tagId));
  const [search] = useSearchParams();
  const sessionIds = search.getAll('session_id').filter((v) => /^\d+$/.test(v));
  const saved = useQuery(savedSessionsQuery(base, sessionIds));
  return (
    <PageState headingLevel={1} query={tags} what="journeys">
      {(index) => (
        <PageState headingLevel={1} query={roles} what="roles">
          {(roleList) => (
            <PageState headingLevel={1} query={saved} what="saved sessions">
              {(savedList) => <ManualEnrollmentForm key={`${base}?${sessionIds.join(',')}`} flow={flow} tagId={tagId} base={base} index={index} roles={roleList} saved={savedList} />}
            </PageState>
          )}
        </PageState>
      )}
    </PageState>
  );
}

function ManualEnrollmentForm({ flow, tagId, base, index, roles, saved }: { flow: 'onboarding' | 'participants'; tagId: number | null; base: string; index: TagsIndex; roles: RoleJson[]; saved: SavedSessionAnswer[] }) {
  const navigate = useNavigate();
  const primary = roles.find((r) => r.primary) ?? roles[0];
  const scoped = index.tags.find((t) => t.id === tagId);
  const editable = saved.filter((s) => s.editable).map((s) => rowFromSaved(s.session));
  const started = saved.filter((s) => !s.editable);
  const [state, setState] = useState<FormState>(() => ({ rows: editable.length ? editable : primary ? [newRow(tagId ? [tagId] : [], primary.id)] : [], session_ids_to_delete: [] }));
  // Changing saved sessions: what the rows show replaces their memberships unless the admin keeps them.
  const [preserve, setPreserve] = useState(!editable.length);
  const [source, setSource] = useState<'manual' | 'csv'>('manual');
  const [csvErrors, setCsvErrors] = useState<CsvError[]>([]);
  const [limitError, setLimitError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const tagOptions: SelectOption[] = useMemo(() => index.tags.map((t) => ({ value: String(t.id), label: t.name })), [index.tags]);
  const usedRoles = useMemo(() => {
    const ids = new Set(index.tags.filter((t) => !tagId || t.id === tagId).flatMap((t) => t.roleIds));
    return roles.filter((r) => ids.has(r.id) || r.primary);
  }, [index.tags, roles, tagId]);

  if (!primary) return <p className="muted">Create a journey first: enrollment puts people on journeys.</p>;

  const settingsOf = (id: number) => index.tags.find((t) => t.id === id)?.role_selection_settings ?? {};
  const updateRow = (id: FormRow['id'], fn: (r: FormRow) => FormRow) => setState((s) => ({ ...s, rows: s.rows.map((r) => (r.id === id ? fn(r) : r)) }));
  const add = (rows: FormRow[]) => {
    const next = addRows(state, rows);
    if ('error' in next) setLimitError(next.error);
    else {
      setLimitError(null);
      setState(next);
    }
  };

  async function importCsv(file: File) {
    const text = await file.text();
    const ctx = { isOnboarding: flow === 'onboarding', tags: index.tags, roles: roles.map((r) => ({ id: r.id, name: r.name, primary: r.primary })), timeZones: [SYNC_ZONE, ...timeZoneOptions().map((o) => ({ label: String(o.label), value: String(o.value) }))], defaultTagId: tagId };
    const parsed = parseEnrollmentCsv(text, ctx);
    const resolved = await resolveEmails(parsed.rows, ctx, usersFromEmail);
    setCsvErrors([...parsed.errors, ...resolved.errors].sort((a, b) => a.line - b.line));
    const blank = state.rows.filter((r) => typeof r.id === 'string' && r.memberships.every((m) => m.user_id === null && !m.email));
    const kept = { ...state, rows: state.rows.filter((r) => !blank.includes(r)) };
    const next = addRows(kept, rowsFromCsv(resolved.rows, primary!.id));
    if ('error' in next) setLimitError(next.error);
    else {
      setLimitError(null);
      setState(next);
      setSource('csv');
    }
  }

  // The HR-manager import: each row's manager from the HR system (GET /hris/manager?email=), where none is chosen yet.
  const managerRole = usedRoles.find((r) => r.purpose === 'manager' && !r.primary);
  const managers = useImportManagers();
  const [managerText, setManagerText] = useState<string | null>(null);
  function importManagers() {
    if (!managerRole || !primary) return;
    const emails = participantEmails(state, primary.id);
    if (!emails.length) return setManagerText('Type the participants’ emails first: their managers are looked up by email.');
    setManagerText(null);
    managers.mutate(emails, {
      onSuccess: (found) => {
        const { state: next, filled } = withManagers(state, primary.id, managerRole.id, found);
        setState(next);
        const unknown = emails.length - found.size;
        setManagerText(`${filled === 1 ? 'One manager' : `${filled} managers`} filled in from your HR system${unknown ? `; ${unknown === 1 ? 'one person has' : `${unknown} people have`} no manager there` : ''}.`);
      },
      onError: () => setManagerText('Uh oh, something went wrong. Try again?'),
    });
  }

  // Submitting: the rows are sent and the upsert polled; success goes to the batch, failure says so and re-enables the form.
  const enroll = useSubmitEnrollment(base);
  const submitted = enroll.isPending || enroll.isSuccess;
  const submit = () =>
    enroll.mutate(submission(state, source, preserve), {
      onSuccess: (statusId) => navigate(`${base}/batches?manual_enrollment_status_id=${statusId}`),
      onError: (error) => {
        // The API client has toasted a refused POST; a failed or missing status gets the error toast here.
        if (!(error instanceof ApiError)) toastError();
      },
    });

  return (
    <div className="enrollment-page">
      <PageHeader
        title={scoped ? `Enroll people in ${scoped.name}` : 'Manual enrollment'}
        subtitle={`Up to 2000 ${index.flow_types.find((f) => f.routeResource === flow)?.primaryRolePlural.toLowerCase() ?? 'people'} at a time, typed in or imported from a CSV.`}
        actions={
          <>
            <input ref={fileInput} type="file" accept=".csv,text/csv" className="visually-hidden" aria-label="CSV file" onChange={(e) => e.target.files?.[0] && void importCsv(e.target.files[0])} />
            <button type="button" className="button button-secondary" disabled={submitted} onClick={() => fileInput.current?.click()}>
              <Upload size={16} aria-hidden="true" /> Import CSV
            </button>
            {managerRole && (
              <button type="button" className="button button-secondary" disabled={submitted || managers.isPending} onClick={importManagers}>
                {managers.isPending ? <Spinner /> : <Users size={16} aria-hidden="true" />} Import managers from HR
              </button>
            )}
          </>
        }
      />
      {tagId && (
        <p>
          <Link to={`${base}?tab=enrollment`}>Enrollment surveys and self-enrollment of this journey</Link>
        </p>
      )}
      {tagId && <AutoEnrollChannels base={base} />}
      <CsvHelp isOnboarding={flow === 'onboarding'} roles={usedRoles} />
      {started.length > 0 && (
        <p role="status" className="muted">
          {started.length === 1 ? 'One session has' : `${started.length} sessions have`} already started, so {started.length === 1 ? 'it' : 'they'} can be changed only on the session page.
        </p>
      )}
      {managerText && (
        <p role="status" className="muted">
          {managerText}
        </p>
      )}
      {limitError && (
        <InlineError>{limitError}</InlineError>
      )}
      {csvErrors.length > 0 && (
        <section className="card enrollment-csv-errors" aria-label="Problems in the CSV">
          <h2 className="card-title">Rows not imported</h2>
          <ul>
            {csvErrors.map((e, i) => (
              <li key={i}>
                {e.line > 0 ? `Line ${e.line}: ` : ''}
                {e.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <fieldset disabled={submitted} className="plain-fieldset enrollment-rows">
        <legend className="visually-hidden">People to enroll</legend>
        {state.rows.map((row, i) => (
          <section key={row.id} className="card enrollment-row" aria-label={`Row ${i + 1}`}>
            <div className="enrollment-row-head">
              <DateField label="Start date" value={row.start_date || null} onChange={(v) => updateRow(row.id, (r) => ({ ...r, start_date: v }))} />
              <Select label="Journeys" multiple options={tagOptions} value={row.tag_ids.map(String)} onChange={(v) => updateRow(row.id, (r) => setJourneys(r, v.map(Number), settingsOf, preserve))} />
              <div className="enrollment-zone">
                <TimeZoneSelect value={row.time_zone.value === 'sync' ? '' : row.time_zone.value} onChange={(z) => updateRow(row.id, (r) => ({ ...r, time_zone: { label: zoneName(z), value: z } }))} />
                {row.time_zone.value === 'sync' ? <span className="muted small">{SYNC_ZONE.label}</span> : (
                  <button type="button" className="button button-secondary button-small" onClick={() => updateRow(row.id, (r) => ({ ...r, time_zone: { ...SYNC_ZONE } }))}>
                    {SYNC_ZONE.label}
                  </button>
                )}
              </div>
              <button type="button" className="icon-button" aria-label={`Remove row ${i + 1}`} onClick={() => setState((s) => deleteRow(s, row.id))}>
                <Trash2 size={16} aria-hidden="true" />
              </button>
            </div>
            <div className="enrollment-roles">
              {usedRoles.map((role) => {
                const m = row.memberships.find((x) => x.role_id === role.id);
                const known = m?.user_id ? [{ id: String(m.user_id), name: m.user_name ?? m.email ?? `#${m.user_id}` }] : [];
                return (
                  <div key={role.id} className="enrollment-role">
                    <Select
                      label={role.name}
                      remote={PEOPLE}
                      valueKey="id"
                      labelKey="name"
                      clearable
                      knownOptions={known}
                      value={m?.user_id ? [String(m.user_id)] : []}
                      placeholder={m?.role_selection ? 'Chosen by the journey’s role selection' : 'Search people…'}
                      onChange={(v, opts) => updateRow(row.id, (r) => setMembership(r, role.id, { user_id: v[0] ? Number(v[0]) : null, user_name: opts[0] ? String(opts[0].name) : undefined }))}
                    />
                    {role.primary && !m?.user_id && (
                      <div className="enrollment-person">
                        <TextField label={`${role.name} work email`} hint="Or type a person who is not in Slack yet." type="email" autoComplete="off" value={m?.email ?? ''} onChange={(v) => updateRow(row.id, (r) => setMembership(r, role.id, { email: v }))} />
                        <TextField label="First name" autoComplete="off" value={m?.first_name ?? ''} onChange={(v) => updateRow(row.id, (r) => setMembership(r, role.id, { first_name: v }))} />
                        <TextField label="Last name" autoComplete="off" value={m?.last_name ?? ''} onChange={(v) => updateRow(row.id, (r) => setMembership(r, role.id, { last_name: v }))} />
                        {flow === 'onboarding' && (
                          <TextField label="Personal email" type="email" autoComplete="off" optional value={m?.personal_email ?? ''} onChange={(v) => updateRow(row.id, (r) => setMembership(r, role.id, { personal_email: v }))} />
                        )}
                      </div>
                    )}
                  </div>
                );
              })}
            </div>
          </section>
        ))}
        <div className="button-row">
          <button type="button" className="button button-secondary" onClick={() => add([newRow(tagId ? [tagId] : [], primary.id, state.rows.at(-1)?.start_date ?? '')])}>
            <Plus size={16} aria-hidden="true" /> Add a person
          </button>
          <Switch label="Keep existing memberships" checked={preserve} onChange={setPreserve} />
        </div>
      </fieldset>
      <div className="button-row enrollment-submit">
        <button type="button" className="button button-primary" disabled={submitted || (!state.rows.length && !state.session_ids_to_delete.length)} onClick={submit}>
          {submitted && <Spinner title="" />} {state.rows.every((r) => typeof r.id === 'number') && state.rows.length ? 'Save changes' : `Enroll ${state.rows.length} ${state.rows.length === 1 ? 'person' : 'people'}`}
        </button>
      </div>
    </div>
  );
}

/** The columns a CSV import reads, and a template with them to download. */
function CsvHelp({ isOnboarding, roles }: { isOnboarding: boolean; roles: RoleJson[] }) {
  const ctx = { isOnboarding, roles: roles.map((r) => ({ id: r.id, name: r.name, primary: r.primary })) };
  return (
    <section className="card enrollment-csv-help" aria-labelledby="enrollment-csv-help">
      <div className="enrollment-csv-help-head">
        <h2 id="enrollment-csv-help" className="card-title">Importing a CSV</h2>
        <a className="button button-secondary button-small" download="enrollment-template.csv" href={`data:text/csv;charset=utf-8,${encodeURIComponent(enrollmentCsvTemplate(ctx))}`}>
          <Download size={16} aria-hidden="true" /> Download the CSV template
        </a>
      </div>
      <p className="muted">The first row names the columns; other columns are ignored. Each further row is one person.</p>
      <dl className="enrollment-csv-columns">
        {enrollmentCsvColumns(ctx).map((c) => (
          <div key={c.header}>
            <dt>
              <code>{c.header}</code>
            </dt>
            <dd>{c.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
