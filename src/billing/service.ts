import type { Trx } from '../db/index.js';
import type { ProgramType } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { personJson } from '../people/name.js';
import { hasAccess, requireAccess, workspacePolicy } from '../platform/access.js';
import { event, type DomainEvent } from '../platform/events/define.js';
import type { PlanChangedPayload } from '../platform/entitlements/events.js';
import { Entitlements, type PlanAccess } from '../platform/entitlements/service.js';
import type { JourneysPublic } from '../journeys/public.js';
import type { BillingDeps } from './deps.js';
import {
  CARD_REQUIRED_TEXT,
  COST_ERROR_TEXT,
  INVOICES_ERROR_TEXT,
  SUPPORT_EMAIL,
  type BillingAccountJson,
  type CostJson,
  type InvoiceJson,
  type PlanHistoryJson,
  type PlanJson,
} from './api-types.js';
import { TRIAL_WARNINGS, trialEndedMessage, trialEndingMessage } from './notices.js';
import { accountAdminChanged, accountOwnerChanged, accountOwnNewConfigsChanged } from './events.js';
import { quote } from './pricing.js';
import { ProviderError, type PaymentProvider, type ProviderEvent } from './provider.js';
import type { BillingRepository } from './repository.js';
import { adminsBody, changePlanBody, completeSetupBody, costQuery, invoicesQuery, ownershipBody, ownNewConfigsBody, type TicketBody } from './schema.js';

const ALL_TYPES: ProgramType[] = ['CoffeeConfiguration', 'Watercooler', 'CelebrationProgram'];
const COST_CACHE_MS = 10 * 60_000;
const INVOICE_PAGE = 10;
const PLAN_HISTORY = 20;
/** Provider subscription statuses that keep premium on. */
const LIVE = new Set(['active', 'trialing', 'past_due']);

const DAY_MS = 86_400_000;

/** The subscriber that keeps each plan change for the billing page (billing/capability.ts). */
export const PLAN_HISTORY_SUBSCRIBER = 'billing.plan_history';

export function planJson(access: PlanAccess, now: Date): PlanJson {
  const state = Entitlements.state(access);
  return {
    plan: access.plan,
    state,
    paid_feature_access: access.paidFeatureAccess,
    trial_allowed: access.trialAllowed,
    paid_coffee_trial_allowed: access.paidCoffeeTrialAllowed,
    trial_ends_at: access.trialEndsAt?.toISOString() ?? null,
    trial_days_left: Entitlements.trialDaysLeft(access, now),
  };
}

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/**
 * The workspace's Hearth account: workspace admins see it (plan, payment, invoices, admins); its owner and admins
 * change it (plan, payment method, admins, own_new_configs); its ownership passes by its owner or a workspace admin.
 */
export const accountPolicy = workspacePolicy({
  canRead: (auth) => auth.isAdmin,
  canEdit: (auth) => auth.roles.accountAdmin,
  canManage: (auth) => auth.roles.accountOwner || auth.roles.workspaceAdmin,
  forbidden: "Only the Hearth account's owner or admins can do that",
  readForbidden: 'Only workspace admins can do that',
});

/**
 * Billing and accounts: the plan as the pages see it, plan changes (trial, subscribe, downgrade with its
 * survey) through the PaymentProvider and the entitlements module, the payment method, invoices, the cost of
 * premium from active users, the account's admins, owner and own_new_configs, support tickets, and the
 * provider's webhooks.
 */
export class BillingService {
  private readonly costCache = new Map<string, { at: number; value: Omit<CostJson, 'cached'> }>();

  constructor(
    private readonly s: BillingDeps,
    private readonly repo: BillingRepository,
    readonly provider: PaymentProvider,
    private readonly journeys: JourneysPublic,
  ) {}

  /**
   * The one seat count (src/billing/API.md, "Seats") behind the cost card, the plan change and the invoice:
   * the people in the channels of the programs that count, and (for Premium) everyone on a running journey.
   * A program's roster not read from Slack yet is read first, so a new program counts its people at once.
   */
  private async seats(workspaceId: number, kind: 'premium' | 'paid_coffee', extraIds: number[]): Promise<number> {
    const types = kind === 'premium' ? ALL_TYPES : (['CoffeeConfiguration'] as ProgramType[]);
    const unread = await this.repo.unreadRosters(workspaceId, types, extraIds);
    if (unread.length) {
      const ws = await this.s.workspaces.byId(workspaceId);
      const client = ws && (await this.s.clients.forWorkspace(workspaceId));
      for (const channelId of ws && client ? unread : []) {
        try {
          await this.s.channels.syncRoster(ws!, channelId, client!);
        } catch (err) {
          this.s.log.warn({ err, channelId }, 'could not read a program channel roster for the seat count');
        }
      }
    }
    const journeyPeople = kind === 'premium' ? await this.journeys.activeParticipantIds(workspaceId) : [];
    return this.repo.seats(workspaceId, types, extraIds, journeyPeople);
  }

  private async accountOf(workspaceId: number) {
    const account = await this.repo.account(workspaceId);
    if (!account) throw new HttpError(404, 'Not found');
    return account;
  }

  async overview(auth: AuthContext): Promise<BillingAccountJson> {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'read');
    const ws = auth.workspace.id;
    const account = await this.accountOf(ws);
    const [access, admins, owner, customer, history] = await Promise.all([
      this.s.entitlements.plan(ws),
      this.repo.admins(ws, account.id),
      account.owner_member_id ? this.repo.human(ws, account.owner_member_id) : undefined,
      this.repo.customer(ws),
      this.repo.planHistory(ws, PLAN_HISTORY),
    ]);
    return {
      account: {
        id: account.id,
        ...planJson(access, this.s.clock.now()),
        card_required: account.card_required,
        own_new_configs: account.own_new_configs,
        invoiced: customer?.invoiced ?? false,
        payment_method: customer?.has_payment_method ? { label: customer.payment_method_label ?? 'Payment method on file' } : null,
        subscription_status: customer?.subscription_status ?? null,
        provider: this.provider.name,
        owner: owner ? personJson(owner) : null,
        admins: admins.map(personJson),
      },
      history: history.map((h) => ({
        at: new Date(h.occurred_at).toISOString(),
        from: h.from_state,
        to: h.to_state,
        reason: h.reason as PlanHistoryJson['reason'],
        trial_ends_at: h.trial_ends_at ? new Date(h.trial_ends_at).toISOString() : null,
        by: h.id !== null ? personJson({ id: h.id, slack_user_id: h.slack_user_id!, real_name: h.real_name!, display_name: h.display_name!, name: h.name!, avatar_url: h.avatar_url }) : null,
      })),
      can_change_plan: await hasAccess(auth, accountPolicy, { workspaceId: auth.workspace.id }, 'edit'),
      can_change_owner: await hasAccess(auth, accountPolicy, { workspaceId: auth.workspace.id }, 'manage'),
      trial_days: this.s.config.billing.trialDays,
      support_email: SUPPORT_EMAIL,
    };
  }

  /** The workspace's customer at the provider, made on first need. */
  private async ensureCustomer(auth: AuthContext) {
    const ws = auth.workspace.id;
    const existing = await this.repo.customer(ws);
    if (existing) return existing;
    const { customerId } = await this.providerCall(() => this.provider.createCustomer({ workspaceId: ws, name: auth.workspace.name, email: auth.member.email }));
    return this.repo.insertCustomer(ws, this.provider.name, customerId, this.s.clock.now());
  }

  /** A provider failure is the provider's words (a refusal) or a 502; nothing is written. */
  private async providerCall<T>(fn: () => Promise<T>, failure?: string): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ProviderError) throw new HttpError(err.declined ? 400 : 502, failure ?? err.message);
      this.s.log.warn({ err }, 'payment provider call failed');
      throw new HttpError(502, failure ?? 'The payment provider did not answer. Try again?');
    }
  }

  // ----------------------------------------------------------------------------------------------
  // Payment method

  async startSetup(auth: AuthContext): Promise<{ url: string }> {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'edit');
    const customer = await this.ensureCustomer(auth);
    return this.providerCall(() => this.provider.createSetupSession(customer.customer_id, `${this.s.config.publicUrl}/billing/payment`));
  }

  async completeSetup(auth: AuthContext, body: unknown): Promise<BillingAccountJson> {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'edit');
    const sessionId = parse(completeSetupBody, body).session_id;
    const customer = await this.repo.customer(auth.workspace.id);
    if (!customer) throw new HttpError(404, 'Not found');
    const pm = await this.providerCall(() => this.provider.completeSetup(customer.customer_id, sessionId));
    await this.repo.updateCustomer(auth.workspace.id, { has_payment_method: pm !== null, payment_method_label: pm?.label ?? null }, this.s.clock.now());
    return this.overview(auth);
  }

  async portal(auth: AuthContext): Promise<{ url: string }> {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'edit');
    const customer = await this.ensureCustomer(auth);
    return this.providerCall(() => this.provider.portalSession(customer.customer_id, `${this.s.config.publicUrl}/billing/payment`));
  }

  // ----------------------------------------------------------------------------------------------
  // Plan changes

  private cardRequired(): HttpError {
    return new HttpError(409, CARD_REQUIRED_TEXT, { payment_method: 'missing' }, { card_required: true, redirect_url: '/billing/payment' });
  }

  /** Has a card (asking the provider when the webhook has not told us yet), or pays by invoice. */
  private async canPay(auth: AuthContext) {
    const customer = await this.ensureCustomer(auth);
    if (customer.invoiced || customer.has_payment_method) return customer;
    const pm = await this.providerCall(() => this.provider.paymentMethod(customer.customer_id));
    if (!pm) throw this.cardRequired();
    await this.repo.updateCustomer(auth.workspace.id, { has_payment_method: true, payment_method_label: pm.label }, this.s.clock.now());
    return { ...customer, has_payment_method: true };
  }

  /** POST /sign_up/change_plan: only the account's owner and admins; their body is read after that (others learn no field list). */
  async changePlan(auth: AuthContext, body: unknown): Promise<{ plan: PlanJson }> {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'edit');
    const input = parse(changePlanBody, body);
    const ws = auth.workspace.id;
    const memberId = auth.member.id;
    const access = await this.s.entitlements.plan(ws);
    const state = Entitlements.state(access);

    if (input.plan === 'premium' && input.trial) {
      if (state === 'premium') throw new HttpError(409, 'Your workspace is already on the Premium plan.', { trial: 'already premium' });
      const account = await this.accountOf(ws);
      if (account.card_required) await this.canPay(auth);
      const endsAt = new Date(this.s.clock.now().getTime() + this.s.config.billing.trialDays * 86_400_000);
      const after = await this.s.events.transaction((trx, emit) => this.s.entitlements.changePlan(trx, emit, ws, { to: 'trial', endsAt }, 'trial_started', memberId));
      return this.planChanged(ws, after);
    }

    if (input.plan === 'premium') {
      if (state === 'premium') return { plan: planJson(access, this.s.clock.now()) };
      const customer = await this.canPay(auth);
      const quantity = await this.seats(ws, 'premium', []);
      const sub = await this.providerCall(() =>
        this.provider.subscribe(customer.customer_id, { quantity, invoiced: customer.invoiced, idempotencyKey: `hearth-subscribe-${ws}-${new Date(customer.updated_at).getTime()}` }),
      );
      const after = await this.s.events.transaction(async (trx, emit) => {
        await this.repo.updateCustomer(ws, { subscription_id: sub.subscriptionId, subscription_status: sub.status }, this.s.clock.now(), trx);
        return this.s.entitlements.changePlan(trx, emit, ws, { to: 'premium' }, 'subscribed', memberId);
      });
      return this.planChanged(ws, after);
    }

    // Back to free: the survey is kept, the subscription cancelled, every setting kept for a later upgrade.
    const survey = input.survey!;
    const customer = await this.repo.customer(ws);
    if (customer?.subscription_id && customer.subscription_status !== 'canceled') {
      await this.providerCall(() => this.provider.cancel(customer.subscription_id!));
    }
    const after = await this.s.events.transaction(async (trx, emit) => {
      await this.repo.insertSurvey(trx, ws, { member_id: memberId, reason: survey.reason, comment: survey.comment || null }, this.s.clock.now());
      if (customer?.subscription_id) await this.repo.updateCustomer(ws, { subscription_status: 'canceled' }, this.s.clock.now(), trx);
      return this.s.entitlements.changePlan(trx, emit, ws, { to: 'free' }, 'downgraded', memberId);
    });
    return this.planChanged(ws, after);
  }

  /**
   * The answer to a plan change, once its history is kept: the billing page reads the change it just made (the
   * plan_history subscriber's job, run here rather than left to the queue; its cursor makes the queued run a no-op).
   */
  private async planChanged(ws: number, after: PlanAccess): Promise<{ plan: PlanJson }> {
    await this.s.events.deliver(PLAN_HISTORY_SUBSCRIBER, ws);
    return { plan: planJson(after, this.s.clock.now()) };
  }

  // ----------------------------------------------------------------------------------------------
  // Invoices and cost

  async invoices(auth: AuthContext, rawQuery: unknown) {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'read');
    const startingAfter = parse(invoicesQuery, rawQuery).starting_after;
    const customer = await this.repo.customer(auth.workspace.id);
    if (!customer) return { invoices: [], has_more: false };
    return this.providerCall(() => this.provider.listInvoices(customer.customer_id, { startingAfter, limit: INVOICE_PAGE }), INVOICES_ERROR_TEXT);
  }

  /**
   * The sandbox's stand-in of Stripe's hosted invoice page (the sandbox provider's hosted_invoice_url): one of the
   * account's invoices. Another account's invoice, or any invoice with another provider, is a 404.
   */
  async sandboxInvoice(auth: AuthContext, id: string): Promise<InvoiceJson> {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'read');
    const customer = await this.repo.customer(auth.workspace.id);
    if (this.provider.name !== 'sandbox' || !customer) throw new HttpError(404, 'Not found');
    let startingAfter: string | undefined;
    for (;;) {
      const page = await this.providerCall(() => this.provider.listInvoices(customer.customer_id, { startingAfter, limit: 100 }), INVOICES_ERROR_TEXT);
      const found = page.invoices.find((i) => i.id === id);
      if (found) return found;
      if (!page.has_more || !page.invoices.length) throw new HttpError(404, 'Not found');
      startingAfter = page.invoices.at(-1)!.id;
    }
  }

  /**
   * What premium (or paid Intros) would cost now: the active users of the workspace's active programs, plus
   * those of the programs about to be turned on, priced at the operator's tiers. Another workspace's program
   * id is a 404; any other failure is the spec's message.
   */
  async cost(auth: AuthContext, kind: 'premium' | 'paid_coffee', rawQuery: unknown): Promise<CostJson> {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'read');
    const q = parse(costQuery, rawQuery);
    const ws = auth.workspace.id;
    const configs = [...new Set(q.extra_config_ids)];
    const watercoolers = [...new Set(q.extra_watercooler_ids)];
    const key = `${ws}:${kind}:${configs.sort().join(',')}:${watercoolers.sort().join(',')}`;
    const now = this.s.clock.now().getTime();
    const hit = this.costCache.get(key);
    if (q.use_cache && hit && now - hit.at < COST_CACHE_MS) return { ...hit.value, cached: true };
    try {
      const [foundConfigs, foundWatercoolers] = await Promise.all([this.repo.programIds(ws, 'CoffeeConfiguration', configs), this.repo.programIds(ws, 'Watercooler', watercoolers)]);
      if (foundConfigs.length !== configs.length || foundWatercoolers.length !== watercoolers.length) throw new HttpError(404, 'Not found');
      const extra = kind === 'premium' ? [...foundConfigs, ...foundWatercoolers] : foundConfigs;
      const quantity = await this.seats(ws, kind, extra);
      const { billing } = this.s.config;
      const tiers = kind === 'premium' ? billing.premiumTiers : billing.paidCoffeeTiers;
      const priced = quote(tiers, quantity, billing.currency);
      const value = { ...priced, cost_formatted: money(priced.cost, priced.currency), tiers: tiers.map((t) => ({ up_to: t.upTo, unit_amount: t.unitAmount })) };
      this.costCache.set(key, { at: now, value });
      return { ...value, cached: false };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      this.s.log.warn({ err }, 'cost calculation failed');
      throw new HttpError(503, COST_ERROR_TEXT);
    }
  }

  // ----------------------------------------------------------------------------------------------
  // The account: admins, owner, own_new_configs

  /** POST /payment/update_admins_as_json: authorised before its body is read. */
  async updateAdmins(auth: AuthContext, body: unknown): Promise<BillingAccountJson> {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'edit');
    const input = parse(adminsBody, body);
    const ws = auth.workspace.id;
    const account = await this.accountOf(ws);
    if (input.service_account !== account.id) throw new HttpError(404, 'Not found');
    const member = await this.repo.human(ws, input.user_id);
    if (!member) throw new HttpError(404, 'Not found');
    if (input.action_type === 'add' && account.owner_member_id === member.id)
      throw new HttpError(400, 'The account owner already manages billing.', { user_id: 'is the account owner' });
    await this.s.events.transaction(async (trx, emit) => {
      const changed = input.action_type === 'add' ? await this.repo.addAdmin(trx, account.id, member.id) : await this.repo.removeAdmin(trx, account.id, member.id);
      if (changed) emit(event(accountAdminChanged, ws, { memberId: member.id, action: input.action_type, byMemberId: auth.member.id }));
    });
    return this.overview(auth);
  }

  async updateOwnership(auth: AuthContext, body: unknown): Promise<BillingAccountJson> {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'manage');
    const newOwnerId = parse(ownershipBody, body).new_owner_id;
    const ws = auth.workspace.id;
    const account = await this.accountOf(ws);
    const member = await this.repo.human(ws, newOwnerId);
    if (!member) throw new HttpError(404, 'Not found');
    if (account.owner_member_id !== member.id) {
      await this.s.events.transaction(async (trx, emit) => {
        await this.repo.setOwner(trx, ws, member.id, this.s.clock.now());
        // The previous owner keeps managing billing, as an admin; the new one needs no admin row.
        if (account.owner_member_id) await this.repo.addAdmin(trx, account.id, account.owner_member_id);
        await this.repo.removeAdmin(trx, account.id, member.id);
        emit(event(accountOwnerChanged, ws, { fromMemberId: account.owner_member_id, toMemberId: member.id, byMemberId: auth.member.id }));
      });
    }
    return this.overview({ ...auth, roles: { ...auth.roles, accountOwner: auth.member.id === member.id } });
  }

  async updateOwnNewConfigs(auth: AuthContext, body: unknown): Promise<BillingAccountJson> {
    await requireAccess(auth, accountPolicy, auth.workspace.id, 'edit');
    const value = parse(ownNewConfigsBody, body).own_new_configs;
    const ws = auth.workspace.id;
    const account = await this.accountOf(ws);
    if (account.own_new_configs !== value) {
      await this.s.events.transaction(async (trx, emit) => {
        await this.repo.setOwnNewConfigs(trx, ws, value, this.s.clock.now());
        emit(event(accountOwnNewConfigsChanged, ws, { ownNewConfigs: value, byMemberId: auth.member.id }));
      });
    }
    return this.overview(auth);
  }

  // ----------------------------------------------------------------------------------------------
  // Support tickets

  async fileTicket(auth: AuthContext, input: TicketBody) {
    const id = await this.repo.insertTicket(auth.workspace.id, { member_id: auth.member.id, kind: input.kind, feature: input.feature || null, message: input.message || null }, this.s.clock.now());
    return { ok: true as const, id, email: SUPPORT_EMAIL };
  }

  // ----------------------------------------------------------------------------------------------
  // The provider's webhooks and the tick

  /** A verified webhook: the subscription's status sets the plan; a finished checkout saves the card. Once per event id. */
  async handleWebhook(e: ProviderEvent): Promise<void> {
    if (e.kind === 'ignored') return;
    const customer = await this.repo.customerByProviderId(this.provider.name, e.customerId);
    if (!customer) return;
    const ws = customer.workspace_id;
    const now = this.s.clock.now();
    if (e.kind === 'setup_completed') {
      const pm = await this.provider.completeSetup(e.customerId, e.sessionId);
      await this.s.events.transaction(async (trx) => {
        if (!(await this.repo.firstDelivery(trx, e.id, e.kind, now))) return;
        await this.repo.updateCustomer(ws, { has_payment_method: pm !== null, payment_method_label: pm?.label ?? null }, now, trx);
      });
      return;
    }
    await this.s.events.transaction(async (trx, emit) => {
      if (!(await this.repo.firstDelivery(trx, e.id, e.kind, now))) return;
      const current = customer.subscription_id;
      // An old subscription's end does not downgrade a workspace that has subscribed again since.
      if (current && current !== e.subscriptionId && !LIVE.has(e.status)) return;
      await this.repo.updateCustomer(ws, { subscription_id: e.subscriptionId, subscription_status: e.status }, now, trx);
      if (LIVE.has(e.status)) await this.s.entitlements.changePlan(trx, emit, ws, { to: 'premium' }, 'provider');
      else if (['canceled', 'unpaid', 'incomplete_expired'].includes(e.status)) await this.s.entitlements.changePlan(trx, emit, ws, { to: 'free' }, 'provider');
    });
  }

  /**
   * The tick: warn the account's owner and admins (a DM through the outbox) 3 days and 1 day before their
   * trial ends, each once; when both are due (the tick was down), only the nearer one.
   */
  async warnEndingTrials(now: Date): Promise<number> {
    return this.s.events.transaction(async (trx) => {
      const due = await this.repo.claimTrialsToWarn(trx, now, TRIAL_WARNINGS, 100);
      for (const account of due) {
        const endsAt = new Date(account.trial_ends_at!);
        const daysLeft = Math.min(...TRIAL_WARNINGS.filter((d) => endsAt.getTime() - now.getTime() <= d * DAY_MS));
        const people = await this.repo.recipients(account.workspace_id, trx);
        await this.s.outbox.add(
          trx,
          people.map((p) => ({
            workspaceId: account.workspace_id,
            key: `trial-warning:${endsAt.getTime()}:${daysLeft}:${p.slack_user_id}`,
            kind: 'billing_notice',
            method: 'dm.post',
            args: { users: [p.slack_user_id], ...trialEndingMessage({ daysLeft, endsAt, tz: p.tz ?? 'UTC', billingUrl: this.billingUrl() }) },
          })),
        );
        await this.repo.markTrialWarned(trx, account.workspace_id, daysLeft);
      }
      return due.length;
    });
  }

  nextTrialWarning(): Promise<Date | null> {
    return this.repo.nextTrialWarning(TRIAL_WARNINGS);
  }

  /** Keeps a plan change for the billing page's history (the plan.changed subscriber, once per event). */
  async keepPlanChange(trx: Trx, e: DomainEvent<PlanChangedPayload>): Promise<void> {
    const p = e.payload;
    await this.repo.addPlanChange(trx, e.workspaceId, { seq: e.seq, occurred_at: e.occurredAt, from_state: p.from, to_state: p.to, reason: p.reason, trial_ends_at: p.trialEndsAt, member_id: p.memberId });
    // A trial end replayed long after it happened (a new deployment backfilling) is history, not news.
    const fresh = this.s.clock.now().getTime() - e.occurredAt.getTime() < DAY_MS;
    if (p.reason === 'trial_expired' && p.trialEndsAt && fresh) await this.announceEndedTrial(trx, e.workspaceId, new Date(p.trialEndsAt));
  }

  /** A recorded trial end (plan.changed, trial_expired): the account's owner and admins hear what stopped, once. */
  private async announceEndedTrial(trx: Trx, workspaceId: number, endedAt: Date): Promise<void> {
    const people = await this.repo.recipients(workspaceId, trx);
    await this.s.outbox.add(
      trx,
      people.map((p) => ({
        workspaceId,
        key: `trial-ended:${endedAt.getTime()}:${p.slack_user_id}`,
        kind: 'billing_notice',
        method: 'dm.post',
        args: { users: [p.slack_user_id], ...trialEndedMessage({ endedAt, tz: p.tz ?? 'UTC', billingUrl: this.billingUrl() }) },
      })),
    );
  }

  private billingUrl(): string {
    return `${this.s.config.publicUrl}/billing`;
  }

  /** The tick: record each ended trial once (the workspace is on the free plan again, its settings kept). */
  async collectEndedTrials(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.s.events.transaction((trx, emit) => this.s.entitlements.recordEndedTrials(trx, emit, now));
      total += n;
      if (n < 100) return total;
    }
  }
}
