import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api, errorText } from '../../api/client';
import { HRIS_POLL, usePollingQuery } from '../../api/polling';
import { DEFAULT_SUCCESS_TEXT, formatDateTime, InlineError, Select, Spinner, toastSuccess, viewerZone } from '../../kit';
import { HrisManageProgramsModal } from './HrisManageProgramsModal';
import { openMergeLink, SandboxLinkDialog } from './HrisLink';
import { HRIS_STATE_TEXT, hrisKey, OVERVIEW_KEY, showHris, type HrisIdentityJson, type LinkTokenJson } from './integrationsApi';


/**
 * The HR system card: connect (link token → the link dialog → public token → integration), then its state,
 * polled every 30 s until it is active (fully synced); ownership; the programs it feeds.
 */
export function HrisSection({ available, identity, isAdmin }: { available: boolean; identity: HrisIdentityJson | null; isAdmin: boolean }) {
  const client = useQueryClient();
  const [linking, setLinking] = useState<LinkTokenJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<HrisIdentityJson | null>(null);
  const current = created ?? identity;

  const finish = async (publicToken: string | null) => {
    setLinking(null);
    if (!publicToken) return setBusy(false);
    try {
      const { hris_identity } = await api.post<{ hris_identity: HrisIdentityJson }>('/hris/create_integration_as_json', { public_token: publicToken }, { toastOnError: false });
      client.setQueryData(hrisKey(hris_identity.id), hris_identity);
      setCreated(hris_identity);
      void client.invalidateQueries({ queryKey: OVERVIEW_KEY });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const connect = async () => {
    setBusy(true);
    setError(null);
    try {
      const link = await api.post<LinkTokenJson>('/hris/create_link_token_as_json', undefined, { toastOnError: false });
      if (link.link.kind === 'sandbox') setLinking(link);
      else await finish(await openMergeLink({ ...link, link: link.link }));
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <section className="card integrations-card" aria-labelledby="hris-title">
      <h2 id="hris-title">HR system</h2>
      <p className="muted">Birthdays, start dates, departments and new hires from your HR system, matched to Slack members by email.</p>
      {current && current.state !== 'deactivated' ? (
        <HrisIdentity initial={current} isAdmin={isAdmin} onRelink={() => void connect()} relinking={busy} />
      ) : !available ? (
        <p className="muted">No HR system provider is set up for this Hearth. Ask your operator to set MERGE_API_KEY.</p>
      ) : isAdmin ? (
        <div className="button-row">
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void connect()}>
            {busy && <Spinner title="" />} Connect your HR system
          </button>
        </div>
      ) : (
        <p className="muted">Workspace admins can connect the HR system.</p>
      )}
      {error && (
        <InlineError>{error}</InlineError>
      )}
      {linking && <SandboxLinkDialog linkToken={linking.link_token} onLinked={(t) => void finish(t)} onClose={() => void finish(null)} />}
    </section>
  );
}

function HrisIdentity({ initial, isAdmin, onRelink, relinking }: { initial: HrisIdentityJson; isAdmin: boolean; onRelink: () => void; relinking: boolean }) {
  const client = useQueryClient();
  const poll = usePollingQuery({
    queryKey: hrisKey(initial.id),
    queryFn: ({ signal }) => showHris(initial.id, signal),
    initialData: initial,
    preset: HRIS_POLL,
    isDone: (d) => d.state !== 'pending',
  });
  const identity = poll.data ?? initial;
  const [managing, setManaging] = useState(false);
  const [owner, setOwner] = useState(identity.owner ? String(identity.owner.id) : '');
  const [saving, setSaving] = useState(false);
  const known = useMemo(() => [identity.owner, identity.creator].filter((p): p is NonNullable<typeof p> => p !== null).map((p) => ({ id: String(p.id), name: p.name })), [identity.owner, identity.creator]);
  const remote = useMemo(() => ({ path: '/people/search' }), []);

  const saveOwner = async () => {
    setSaving(true);
    try {
      // The server's error (someone not in the workspace) is shown as a toast by the API client.
      const { hris_identity } = await api.put<{ hris_identity: HrisIdentityJson }>(`/hris/${identity.id}/update_as_json`, { hris_identity: { user_id: Number(owner) } });
      client.setQueryData(hrisKey(identity.id), hris_identity);
      toastSuccess(DEFAULT_SUCCESS_TEXT);
    } catch {
      setOwner(identity.owner ? String(identity.owner.id) : '');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="integrations-identity">
      <p className="integrations-status">
        <strong>{identity.integration_name}</strong>{' '}
        <span className={`integrations-state integrations-state-${identity.state}`} data-testid="hris-state">
          {identity.state === 'pending' && <Spinner title="" />} {HRIS_STATE_TEXT[identity.state]}
        </span>
      </p>
      {identity.state === 'pending' && <p className="muted">Your HR system is syncing. This page checks again every 30 seconds.</p>}
      {identity.fully_synced && (
        <p data-testid="hris-summary">
          {identity.people_count} people synced, {identity.matched_count} matched to Slack members
          {identity.last_synced_at && <span className="muted"> · last synced {formatDateTime(identity.last_synced_at, viewerZone(), { withZone: true })}</span>}
        </p>
      )}
      {identity.last_error && <p className="muted">The last sync failed: {identity.last_error}</p>}
      {identity.state === 'relink_needed' && (
        <div className="button-row">
          <p>Your HR system asks to be linked again.</p>
          <button type="button" className="button button-primary" disabled={relinking} onClick={onRelink}>
            Relink your HR system
          </button>
        </div>
      )}
      <div className="integrations-owner">
        <Select label="Owner" remote={remote} valueKey="id" labelKey="name" knownOptions={known} value={owner} placeholder="Search people…" onChange={(v) => setOwner(v[0] ?? owner)} />
        <button type="button" className="button button-secondary" disabled={saving || !owner || owner === String(identity.owner?.id ?? '')} onClick={() => void saveOwner()}>
          {saving && <Spinner title="" />} Save owner
        </button>
      </div>
      {isAdmin && (
        <div className="button-row">
          <button type="button" className="button button-secondary" onClick={() => setManaging(true)}>
            Manage programs
          </button>
          <span className="muted">{identity.syncables.length === 0 ? 'Not feeding any program yet.' : `Feeding ${identity.syncables.length} program${identity.syncables.length === 1 ? '' : 's'}.`}</span>
        </div>
      )}
      {managing && <HrisManageProgramsModal identity={identity} onClose={() => setManaging(false)} />}
    </div>
  );
}
