import { useMemo, useState } from 'react';
import { errorText } from '../../api/client';
import { HRIS_POLL, usePollingQuery } from '../../api/polling';
import { DEFAULT_SUCCESS_TEXT, formatDateTime, InlineError, Select, Spinner, toastSuccess, viewerZone } from '../../kit';
import { HrisManageProgramsModal } from './HrisManageProgramsModal';
import { openMergeLink, SandboxLinkDialog } from './HrisLink';
import { HRIS_STATE_TEXT, hrisQuery, useCreateHris, useCreateLinkToken, useUpdateHrisOwner, type HrisIdentityJson, type LinkTokenJson } from './integrationsApi';

/** A state's colour, beside its words. */
const STATE_TEXT_CLASS: Record<HrisIdentityJson['state'], string> = { pending: '', active: 'text-success', relink_needed: 'text-error', deactivated: 'text-error' };

/**
 * The HR system card: connect (link token → the link dialog → public token → integration), then its state,
 * polled every 30 s until it is active (fully synced); ownership; the programs it feeds.
 */
export function HrisSection({ available, identity, isAdmin }: { available: boolean; identity: HrisIdentityJson | null; isAdmin: boolean }) {
  const [linking, setLinking] = useState<LinkTokenJson | null>(null);
  /** Merge Link's own dialog is open (outside React). */
  const [inDialog, setInDialog] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const linkToken = useCreateLinkToken();
  const create = useCreateHris();
  const busy = linkToken.isPending || create.isPending || inDialog || linking !== null;
  const current = create.data ?? identity;

  const finish = (publicToken: string | null) => {
    setLinking(null);
    if (publicToken) create.mutate({ public_token: publicToken }, { onError: (e) => setError(errorText(e)) });
  };

  const connect = async () => {
    setError(null);
    try {
      const link = await linkToken.mutateAsync();
      if (link.link.kind === 'sandbox') return setLinking(link);
      setInDialog(true);
      finish(await openMergeLink({ ...link, link: link.link }).finally(() => setInDialog(false)));
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section className="card integrations-card" aria-labelledby="hris-title">
      <h2 id="hris-title" className="card-title">HR system</h2>
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
      {linking && <SandboxLinkDialog linkToken={linking.link_token} onLinked={finish} onClose={() => finish(null)} />}
    </section>
  );
}

function HrisIdentity({ initial, isAdmin, onRelink, relinking }: { initial: HrisIdentityJson; isAdmin: boolean; onRelink: () => void; relinking: boolean }) {
  const poll = usePollingQuery({
    ...hrisQuery(initial.id),
    initialData: initial,
    preset: HRIS_POLL,
    isDone: (d) => d.state !== 'pending',
  });
  const identity = poll.data ?? initial;
  const [managing, setManaging] = useState(false);
  const [owner, setOwner] = useState(identity.owner ? String(identity.owner.id) : '');
  const saveOwner = useUpdateHrisOwner(identity.id);
  const known = useMemo(() => [identity.owner, identity.creator].filter((p): p is NonNullable<typeof p> => p !== null).map((p) => ({ id: String(p.id), name: p.name })), [identity.owner, identity.creator]);
  const remote = useMemo(() => ({ path: '/people/search' }), []);

  // The server's error (someone not in the workspace) is shown as a toast by the API client.
  const save = () =>
    saveOwner.mutate({ hris_identity: { user_id: Number(owner) } }, { onSuccess: () => toastSuccess(DEFAULT_SUCCESS_TEXT), onError: () => setOwner(identity.owner ? String(identity.owner.id) : '') });

  return (
    <div className="integrations-identity">
      <p className="integrations-status">
        <strong>{identity.integration_name}</strong>{' '}
        <span className={`integrations-state ${STATE_TEXT_CLASS[identity.state]}`} data-testid="hris-state">
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
        <button type="button" className="button button-secondary" disabled={saveOwner.isPending || !owner || owner === String(identity.owner?.id ?? '')} onClick={save}>
          {saveOwner.isPending && <Spinner title="" />} Save owner
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
