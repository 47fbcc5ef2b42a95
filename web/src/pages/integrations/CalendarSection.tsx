import { browser } from '../../api/browser';
import { confirmAction, Spinner } from '../../kit';
import { PROVIDER_LABEL, useAuthorizeCalendar, useUnlinkCalendar, type CalendarProviderJson, type MemberIdentityJson } from './integrationsApi';

/** The signed-in member's calendar and video accounts: link (OAuth, on the provider's consent page) and unlink. */
export function CalendarSection({ identities }: { identities: MemberIdentityJson[] }) {
  const authorize = useAuthorizeCalendar();
  const unlinking = useUnlinkCalendar();
  // On its way to the provider's consent page: the button keeps spinning until the page leaves.
  const busy = authorize.isPending || authorize.isSuccess ? authorize.variables?.provider : null;
  const link = (provider: CalendarProviderJson) => authorize.mutate({ provider }, { onSuccess: ({ authorize_url }) => browser.assign(authorize_url) });

  const unlink = (provider: CalendarProviderJson) =>
    confirmAction({
      title: `Unlink ${PROVIDER_LABEL[provider]}?`,
      confirmText: 'Unlink',
      danger: true,
      children: <p>Hearth will stop suggesting meeting times from this account and forget its access.</p>,
      onConfirm: () => unlinking.mutateAsync({ provider }),
    });

  return (
    <section className="card integrations-card" aria-labelledby="calendars-title">
      <h2 id="calendars-title" className="card-title">Calendar and video</h2>
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
                <button type="button" className="button button-secondary" disabled={Boolean(busy)} onClick={() => link(i.provider)}>
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
