import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { browser } from '../../api/browser';
import { CURRENT_USER_KEY } from '../../api/currentUser';
import { confirmAction, Spinner } from '../../kit';
import { OVERVIEW_KEY, PROVIDER_LABEL, type CalendarProviderJson, type MemberIdentityJson } from './integrationsApi';

/** The signed-in member's calendar and video accounts: link (OAuth, on the provider's consent page) and unlink. */
export function CalendarSection({ identities }: { identities: MemberIdentityJson[] }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<CalendarProviderJson | null>(null);

  const link = async (provider: CalendarProviderJson) => {
    setBusy(provider);
    try {
      const { authorize_url } = await api.post<{ authorize_url: string }>('/users/integrations/authorize_as_json', { provider });
      browser.assign(authorize_url);
    } catch {
      setBusy(null);
    }
  };

  const unlink = (provider: CalendarProviderJson) =>
    confirmAction({
      title: `Unlink ${PROVIDER_LABEL[provider]}?`,
      confirmText: 'Unlink',
      danger: true,
      children: <p>Hearth will stop suggesting meeting times from this account and forget its access.</p>,
      onConfirm: async () => {
        await api.delete('/users/integrations/destroy_as_json', { body: { provider } });
        await Promise.all([client.invalidateQueries({ queryKey: OVERVIEW_KEY }), client.invalidateQueries({ queryKey: CURRENT_USER_KEY })]);
      },
    });

  return (
    <section className="card integrations-card" aria-labelledby="calendars-title">
      <h2 id="calendars-title">Calendar and video</h2>
      <p className="muted">Your own accounts: <code>/hearth times @someone</code> suggests meeting times when you are both free.</p>
      <ul className="integrations-list" aria-label="Calendar and video accounts">
        {identities.map((i) => (
          <li key={i.provider} className="integrations-account">
            <span>
              <strong>{PROVIDER_LABEL[i.provider]}</strong>{' '}
              <span className="muted" data-testid={`identity-${i.provider}`}>
                {i.valid ? `Linked as ${i.email ?? 'you'}` : i.available ? 'Not linked' : 'Not set up for this Hearth'}
              </span>
            </span>
            {i.valid ? (
              <button type="button" className="button button-secondary" onClick={() => void unlink(i.provider)}>
                Unlink
              </button>
            ) : (
              i.available && (
                <button type="button" className="button button-secondary" disabled={busy !== null} onClick={() => void link(i.provider)}>
                  {busy === i.provider && <Spinner title="" />} Link {PROVIDER_LABEL[i.provider]}
                </button>
              )
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
