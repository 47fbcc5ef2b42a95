import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { browser } from '../../api/browser';
import { InlineError, Spinner, toastError, toastSuccess } from '../../kit';
import { PageHeader, useDocumentTitle } from '../PageHeader';
import { CALENDAR_NOT_LINKED_TEXT, PROVIDER_LABEL, useCompleteCalendarLink, useSandboxOAuthAllow, VIDEO_NOT_LINKED_TEXT, type CalendarProviderJson } from './integrationsApi';
import './integrations.css';

const isProvider = (p: string | undefined): p is CalendarProviderJson => p === 'google' || p === 'microsoft' || p === 'zoom';

/**
 * /integrations/oauth/:provider/callback: the provider sends the member back here with a code (or an error);
 * Hearth trades it and returns to /integrations. A failure is the spec's toast: the video (Zoom) or calendar
 * account has not been linked yet.
 */
export function OAuthCallbackPage() {
  useDocumentTitle('Linking your account');
  const { provider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useCompleteCalendarLink();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !isProvider(provider)) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const failed = () => toastError(provider === 'zoom' ? VIDEO_NOT_LINKED_TEXT : CALENDAR_NOT_LINKED_TEXT);
    const done = async () => {
      if (!code || !state || params.get('error')) return failed();
      try {
        await complete.mutateAsync({ provider, code, state });
        toastSuccess(`${PROVIDER_LABEL[provider]} is linked.`);
      } catch {
        failed();
      }
    };
    void done().finally(() => void navigate('/integrations', { replace: true }));
    // Once per visit: the trade of a code happens once.
  }, [provider, params, navigate]);

  return (
    <div className="page-loading" role="status">
      <Spinner /> Linking your account…
    </div>
  );
}

/**
 * The sandbox's stand-in consent page for Google, Microsoft and Zoom: allow (the stand-in issues a code for the
 * signed-in member and sends them back to the redirect URI) or deny (back with error=access_denied).
 */
export function SandboxAuthorizePage() {
  const { provider } = useParams();
  const [params] = useSearchParams();
  const label = isProvider(provider) ? PROVIDER_LABEL[provider] : 'Unknown provider';
  useDocumentTitle(`Sandbox ${label}`);
  const allowing = useSandboxOAuthAllow(provider ?? '');
  // Leaving for the redirect: the buttons stay off until the page goes.
  const busy = allowing.isPending || allowing.isSuccess;
  const redirectUri = params.get('redirect_uri') ?? '';
  const state = params.get('state') ?? '';

  const allow = () => allowing.mutate({ client_id: params.get('client_id'), redirect_uri: redirectUri, state }, { onSuccess: (to) => browser.assign(to) });
  const deny = () => {
    const to = new URL(redirectUri, window.location.origin);
    to.searchParams.set('error', 'access_denied');
    to.searchParams.set('state', state);
    browser.assign(to.toString());
  };

  return (
    <div className="integrations-page">
      <PageHeader title={`Sandbox ${label}`} subtitle="This stands in for the provider’s sign-in while Hearth runs offline." />
      <section className="card integrations-card" aria-label="Consent">
        <p>
          <strong>Hearth</strong> would like to:
        </p>
        <ul>
          {(params.get('scope') ?? '').split(' ').filter(Boolean).map((s) => (
            <li key={s}>
              <code>{s}</code>
            </li>
          ))}
        </ul>
        <div className="button-row">
          <button type="button" className="button button-secondary" onClick={deny} disabled={busy}>
            Deny
          </button>
          <button type="button" className="button button-primary" onClick={allow} disabled={busy || !isProvider(provider)}>
            {busy && <Spinner title="" />} Allow
          </button>
        </div>
        {allowing.isError && <InlineError>{errorText(allowing.error)}</InlineError>}
      </section>
    </div>
  );
}
