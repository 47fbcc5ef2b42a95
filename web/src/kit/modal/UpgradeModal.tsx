import { useEffect } from 'react';
import { ApiError, errorText, type PaymentRequired } from '../../api/client';
import { browser } from '../../api/browser';
import { sessionStore } from '../../api/currentUser';
import type { CurrentUser } from '../../api/types';
import { CheckIcon, Spinner } from '../icons';
import { InlineError } from '../inlineerror/InlineError';
import { Modal } from './Modal';
import { useChangePlan, useSupportTicket, type PlanChangeRequest } from './planApi';
import { openModal } from './store';
import { FEATURES } from '../../../../src/platform/entitlements/features';
import { SUPPORT_EMAIL } from '../../../../src/billing/api-constants';

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
  /** The refused change, sent again once the plan allows it. */
  redo?: () => Promise<unknown>;
  onClose: () => void;
}

type PlanChange = { state: 'idle' } | { state: 'updating' } | { state: 'done'; text: string } | { state: 'error'; text: string };

/** A refusal because the team has no payment method: the member is sent to add one, nothing is shown here. */
const cardRequired = (error: unknown): error is ApiError => error instanceof ApiError && Boolean(error.body?.card_required);

export type { PlanChangeRequest };

const REDONE_TEXT = 'The change you were making is saved too.';

const DONE_TEXT = {
  trial: 'Your free trial has started.',
  premium: 'Welcome to Premium!',
  free: 'Your workspace is on the Free plan now. Your settings are kept for when you come back.',
} as const;

/**
 * programs.md §4 "Plan change": an updating modal, then a success modal, then the page reloads after 3 s; a
 * refusal shows the server's error text. A team without a payment method (card_required) goes to
 * /billing/payment instead.
 */
export function usePlanChange(redo?: () => Promise<unknown>) {
  const mutation = useChangePlan(redo);
  const { variables: request, data: redone, error } = mutation;
  let change: PlanChange = { state: 'idle' };
  if (mutation.isPending) change = { state: 'updating' };
  else if (mutation.isSuccess && request) {
    const text = request.plan === 'free' ? DONE_TEXT.free : request.trial ? DONE_TEXT.trial : DONE_TEXT.premium;
    change = { state: 'done', text: redone ? `${text} ${REDONE_TEXT}` : text };
  } else if (mutation.isError && !cardRequired(error)) change = { state: 'error', text: errorText(error) };
  useEffect(() => {
    if (change.state !== 'done') return;
    const timer = setTimeout(() => browser.reload(), PLAN_CHANGE_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [change.state]);
  const run = (request: PlanChangeRequest) =>
    mutation.mutate(request, {
      onError: (refusal) => {
        if (cardRequired(refusal)) browser.assign(typeof refusal.body?.redirect_url === 'string' ? refusal.body.redirect_url : '/billing/payment');
      },
    });
  return { change, run, reset: mutation.reset };
}

/** The updating and success modals of a plan change (null otherwise). */
export function PlanChangeStatus({ change }: { change: PlanChange }) {
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
          {change.text} This page will reload in a moment.
        </p>
      </Modal>
    );
  }
  return null;
}

export function UpgradeModal({ variant, feature = 'premium', message, redo, onClose }: UpgradeModalProps) {
  const copy = UPGRADE_FEATURES[feature] ?? UPGRADE_FEATURES.premium!;
  const { change, run } = usePlanChange(redo);
  const ticket = useSupportTicket();

  if (change.state === 'updating' || change.state === 'done') return <PlanChangeStatus change={change} />;

  if (ticket.isError) {
    return (
      <Modal
        title="Email our support team"
        onClose={onClose}
        className="upgrade-modal upgrade-email-support"
        footer={
          <button type="button" className="button button-primary" onClick={onClose}>
            Close
          </button>
        }
      >
        <p>
          We couldn't file your request just now. Email us at <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(copy.title)}`}>{SUPPORT_EMAIL}</a> and
          we'll help you upgrade.
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
        <button type="button" className="button button-primary" onClick={() => void run({ plan: 'premium', trial: true })}>
          Start free trial
        </button>
      </>
    );
  } else if (variant === 'payment_required') {
    body = (
      <p>
        Upgrade your workspace to Premium. <a href="/billing">See plans and pricing</a>.
      </p>
    );
    footer = (
      <>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Not now
        </button>
        <button type="button" className="button button-primary" onClick={() => void run({ plan: 'premium' })}>
          Upgrade
        </button>
      </>
    );
  } else if (ticket.isSuccess) {
    body = <p role="status">Thanks! Your request is submitted. Our support team will be in touch soon.</p>;
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
        <button type="button" className="button button-primary" disabled={ticket.isPending} onClick={() => ticket.mutate({ kind: 'upgrade_request', feature })}>
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
        <InlineError variant="text">{change.text}</InlineError>
      )}
    </Modal>
  );
}

/** Opens the upgrade modal whose variant matches the signed-in member (the shell hands it the API client's 402s). */
export function openUpgradeModal(options: PaymentRequired = {}): number {
  const variant = upgradeVariant(sessionStore.get(), Boolean(options.trialAvailable));
  return openModal((close) => (
    <UpgradeModal variant={variant} feature={options.feature} message={options.message} redo={options.redo} onClose={close} />
  ));
}
