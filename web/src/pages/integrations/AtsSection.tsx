import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, errorText } from '../../api/client';
import { INTEGRATION_IDENTITY_POLL, usePoller } from '../../api/polling';
import { fieldErrors, InlineError, Select, Spinner, TextField, type FieldErrors } from '../../kit';
import { OVERVIEW_KEY, type DirectIdentityJson } from './integrationsApi';

type Answer = { direct_integration_identity: DirectIdentityJson };
const INTEGRATIONS = [{ id: 'greenhouse', name: 'Greenhouse' }];
/** Where the connect flow ends (journeys.md §2). */
export const ATS_DONE_PATH = '/onboarding/tags/enrollment';
const STATE_TEXT: Record<DirectIdentityJson['state'], string> = { pending: 'Checking the key…', validated: 'Key checked', active: 'Connected', error: 'Key refused' };

/**
 * Applicant tracking: an API key with the listed permission groups; after saving, the identity is polled every
 * 5 s until the key is validated or active (then on to the enrollment rules) or refused (its errors shown).
 */
export function AtsSection({ identities, permissionGroups, isAdmin }: { identities: DirectIdentityJson[]; permissionGroups: readonly string[]; isAdmin: boolean }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [integration, setIntegration] = useState('greenhouse');
  const [key, setKey] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState<DirectIdentityJson | null>(null);
  const poller = usePoller<DirectIdentityJson>({
    preset: INTEGRATION_IDENTITY_POLL,
    poll: (signal) => api.get<Answer>(`/direct_integration_identities/${checking?.id ?? 0}`, { signal, toastOnError: false }).then((r) => r.direct_integration_identity),
    isDone: (d) => d.state === 'validated' || d.state === 'active',
    isFailed: (d) => d.state === 'error',
    onSettled: (outcome) => {
      void client.invalidateQueries({ queryKey: OVERVIEW_KEY });
      if (outcome.data) setChecking(outcome.data);
      if (outcome.status === 'done') void navigate(ATS_DONE_PATH);
      if (outcome.status === 'error') setError(outcome.message ?? null);
    },
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setFields({});
    setError(null);
    try {
      const created = (await api.post<Answer>('/direct_integration_identities', { integration_name: integration, api_key: key }, { toastOnError: false })).direct_integration_identity;
      const first = (await api.get<Answer>(`/direct_integration_identities/${created.id}/validate`, { toastOnError: false })).direct_integration_identity;
      setChecking(first);
      setKey('');
      if (first.state === 'validated' || first.state === 'active') void navigate(ATS_DONE_PATH);
      else if (first.state === 'pending')
        void poller.start({ poll: (signal) => api.get<Answer>(`/direct_integration_identities/${first.id}`, { signal, toastOnError: false }).then((r) => r.direct_integration_identity) });
    } catch (err) {
      setFields(fieldErrors(err));
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  const shown = checking ?? null;
  return (
    <section className="card integrations-card" aria-labelledby="ats-title">
      <h2 id="ats-title">Applicant tracking</h2>
      <p className="muted">Hired candidates become new hires for your onboarding journeys.</p>
      {identities.length > 0 && (
        <ul className="integrations-list" aria-label="Applicant tracking keys">
          {identities.map((d) => (
            <li key={d.id}>
              <strong>{INTEGRATIONS.find((i) => i.id === d.integration_name)?.name ?? d.integration_name}</strong> <span className="muted">{d.api_key.key}</span> · {STATE_TEXT[d.state]}
              {d.state === 'active' && <span className="muted"> · {d.people_count} hired candidates</span>}
            </li>
          ))}
        </ul>
      )}
      {isAdmin ? (
        <form className="integrations-form" onSubmit={(e) => void submit(e)}>
          <Select label="System" options={INTEGRATIONS} valueKey="id" labelKey="name" value={integration} onChange={(v) => setIntegration(v[0] ?? integration)} />
          <TextField
            label="Harvest API key"
            type="password"
            autoComplete="off"
            value={key}
            onChange={setKey}
            maxLength={500}
            counter={false}
            required
            error={fields.api_key ?? fields.integration_name}
            hint={<>In Greenhouse, create a Harvest API key with the get and list permissions of: {permissionGroups.join(', ')}.</>}
          />
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={saving || poller.status === 'polling' || !key.trim()}>
              {(saving || poller.status === 'polling') && <Spinner title="" />} Connect
            </button>
          </div>
        </form>
      ) : (
        <p className="muted">Workspace admins can connect applicant tracking.</p>
      )}
      {shown && (
        <div role="status" data-testid="ats-status">
          {shown.state === 'pending' && (
            <p>
              <Spinner title="" /> {STATE_TEXT.pending} This page checks every 5 seconds.
            </p>
          )}
          {shown.state === 'error' &&
            shown.errors.map((m) => (
              <InlineError key={m}>{m}</InlineError>
            ))}
        </div>
      )}
      {error && (
        <InlineError>{error}</InlineError>
      )}
    </section>
  );
}
