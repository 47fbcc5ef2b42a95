import { useEffect, useState } from 'react';
import { api, errorText } from '../../api/client';
import { browser } from '../../api/browser';
import { sessionStore } from '../../api/session';
import type { CurrentUser } from '../../api/types';
import { CheckIcon, Spinner } from '../icons';
import { Modal } from './Modal';
import { openModal } from './store';
import { FEATURES } from '../../../../src/platform/entitlements/features';

/** programs.md §9: after a plan change the page reloads after 3 s. */
export const PLAN_CHANGE_RELOAD_MS = 3000;

export type UpgradeVariant = 'trial' | 'payment_required' | 'contact_support';

/** trial when the member can change the plan and a trial is allowed; payment-required when they can; else contact support. */
export function upgradeVariant(user: Pick<CurrentUser, 'can_change_plan'> | null, trialAvailable: boolean): UpgradeVariant {
  if (user?.can_change_plan) return trialAvailable ? 'trial' : 'payment_required';
  return 'contact_support';
}

/**
 * The feature a 402 names (body `feature`) picks the modal's words: the server's own list
 * (src/platform/entitlements/features.ts), so the dialog and the 402s always agree. Unknown features get the
 * general copy.
 */
export const UPGRADE_FEATURES: Record<string, { title: string; text: string }> = FEATURES;

export interface UpgradeModalProps {
  variant: UpgradeVariant;
  feature?: string;
  /** The server's own words, shown under the feature text. */
  message?: string;
  onClose: () => void;
}

type PlanChange = { state: 'idle' } | { state: 'updating' } | { state: 'done' } | { state: 'error'; text: string };

export function UpgradeModal({ variant, feature = 'premium', message, onClose }: UpgradeModalProps) {
  const copy = UPGRADE_FEATURES[feature] ?? UPGRADE_FEATURES.premium!;
  const [change, setChange] = useState<PlanChange>({ state: 'idle' });
  const [ticketSent, setTicketSent] = useState(false);

  useEffect(() => {
    if (change.state !== 'done') return;
    const timer = setTimeout(() => browser.reload(), PLAN_CHANGE_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [change.state]);

  const startTrial = async () => {
    setChange({ state: 'updating' });
    try {
      await api.post('/sign_up/change_plan', { plan: 'premium', trial: true }, { toastOnError: false });
      setChange({ state: 'done' });
    } catch (error) {
      setChange({ state: 'error', text: errorText(error) });
    }
  };

  const contactSupport = async () => {
    try {
      await api.post('/intercom_tickets', { kind: 'upgrade_request', feature });
      setTicketSent(true);
    } catch {
      // the client has shown the error toast
    }
  };

  if (change.state === 'updating') {
    return (
      <Modal title="Updating your plan" onClose={() => undefined} hideCloseButton closeOnBackdrop={false} size="small">
        <p className="modal-status">
          <Spinner /> Updating your plan…
        </p>
      </Modal>
    );
  }
  if (change.state === 'done') {
    return (
      <Modal title="You're all set!" onClose={() => browser.reload()} size="small">
        <p className="modal-status">
          <span className="success-badge">
            <CheckIcon />
          </span>
          Your free trial has started. This page will reload in a moment.
        </p>
      </Modal>
    );
  }

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (variant === 'trial') {
    body = <p>Try every Premium feature free for 14 days. No payment details needed to start.</p>;
    footer = (
      <>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Not now
        </button>
        <button type="button" className="button button-primary" onClick={() => void startTrial()}>
          Start free trial
        </button>
      </>
    );
  } else if (variant === 'payment_required') {
    body = <p>Add a payment method to upgrade your workspace to Premium.</p>;
    footer = (
      <>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Not now
        </button>
        <a className="button button-primary" href="/billing" onClick={onClose}>
          Upgrade
        </a>
      </>
    );
  } else if (ticketSent) {
    body = <p role="status">Thanks! Our support team will be in touch soon.</p>;
    footer = (
      <button type="button" className="button button-primary" onClick={onClose}>
        Done
      </button>
    );
  } else {
    body = <p>Only people who manage billing can change your plan. Ask a workspace admin, or contact our support team.</p>;
    footer = (
      <>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
        <button type="button" className="button button-primary" onClick={() => void contactSupport()}>
          Contact support
        </button>
      </>
    );
  }

  return (
    <Modal title={copy.title} onClose={onClose} footer={footer} className={`upgrade-modal upgrade-${variant}`}>
      <p>{copy.text}</p>
      {message && message !== copy.text && <p className="muted">{message}</p>}
      {body}
      {change.state === 'error' && (
        <p className="form-error" role="alert">
          {change.text}
        </p>
      )}
    </Modal>
  );
}

/** Opens the upgrade modal whose variant matches the signed-in member (used by the API client on 402). */
export function openUpgradeModal(options: { feature?: string; trialAvailable?: boolean; message?: string } = {}): number {
  const variant = upgradeVariant(sessionStore.get(), Boolean(options.trialAvailable));
  return openModal((close) => (
    <UpgradeModal variant={variant} feature={options.feature} message={options.message} onClose={close} />
  ));
}
