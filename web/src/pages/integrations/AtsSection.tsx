import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { INTEGRATION_IDENTITY_POLL, usePollingQuery } from '../../api/polling';
import { fieldErrors, InlineError, Select, Spinner, TextField } from '../../kit';
import { directIdentityQuery, integrationsKeys, useConnectAts, type DirectIdentityJson } from './integrationsApi';

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
  const connect = useConnectAts();
  // The key being checked: the first check's answer is in the query, polled every 5 s while it is pending.
  const checkingId = connect.data?.id ?? null;
  const poll = usePollingQuery({ ...directIdentityQuery(checkingId ?? 0), enabled: checkingId !== null, preset: INTEGRATION_IDENTITY_POLL, isDone: (d) => d.state !== 'pending' });
  const shown = checkingId === null ? null : (poll.data ?? null);
  const state = shown?.state;
  useEffect(() => {
    if (!state || state === 'pending') return;
    void client.invalidateQueries({ queryKey: integrationsKeys.overview });
    if (state === 'validated' || state === 'active') void navigate(ATS_DONE_PATH);
  }, [state, client, navigate]);
  const fields = connect.isError ? fieldErrors(connect.error) : {};
  const error = connect.isError ? errorText(connect.error) : poll.isError ? errorText(poll.error) : null;
  const checking = connect.isPending || state === 'pending';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    connect.mutate({ integration_name: integration, api_key: key }, { onSuccess: () => setKey('') });
  };

  return (
    <section className="card integrations-card" aria-labelledby="ats-title">
      <h2 id="ats-title" className="card-title">Applicant tracking</h2>
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
        <form className="integrations-form" onSubmit={submit}>
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
            <button type="submit" className="button button-primary" disabled={checking || !key.trim()}>
              {checking && <Spinner title="" />} Connect
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
