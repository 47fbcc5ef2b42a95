import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ProviderError, WebhookSignatureError } from '../../../src/billing/provider.js';
import { SandboxProvider } from '../../../src/billing/sandbox-provider.js';
import { ControllableClock } from '../../../src/time/clock.js';

const make = () => new SandboxProvider({ clock: new ControllableClock(new Date('2026-03-02T08:00:00Z')), currency: 'usd', webhookSecret: 'whsec_s', amountFor: (n) => n * 400 });

describe('the sandbox payment provider', () => {
  it('adds a card through its "hosted page", which returns at once with the session id', async () => {
    const p = make();
    const { customerId } = await p.createCustomer({ workspaceId: 1, name: 'Acme' });
    expect(await p.paymentMethod(customerId)).toBeNull();
    const { url } = await p.createSetupSession(customerId, 'http://h/billing/payment');
    const session = new URL(url).searchParams.get('session_id')!;
    const other = await p.createCustomer({ workspaceId: 2, name: 'Globex' });
    await expect(p.completeSetup(other.customerId, session)).rejects.toBeInstanceOf(ProviderError);
    expect(await p.completeSetup(customerId, session)).toEqual({ label: 'Visa ending 4242' });
    expect(await p.paymentMethod(customerId)).toEqual({ label: 'Visa ending 4242' });
  });

  it('invoices each subscription, newest first, paged with starting_after', async () => {
    const p = make();
    const { customerId } = await p.createCustomer({ workspaceId: 1, name: 'Acme' });
    for (let i = 0; i < 3; i++) await p.subscribe(customerId, { quantity: 10, invoiced: i === 2, idempotencyKey: `k${i}` });
    const first = await p.listInvoices(customerId, { limit: 2 });
    expect(first.has_more).toBe(true);
    expect(first.invoices.map((i) => i.number)).toEqual(['SBX-0003', 'SBX-0002']);
    expect(first.invoices[0]).toMatchObject({ status: 'open', amount_due: 4000, amount_paid: 0 });
    const second = await p.listInvoices(customerId, { limit: 2, startingAfter: first.invoices[1]!.id });
    expect(second).toMatchObject({ has_more: false, invoices: [{ number: 'SBX-0001', status: 'paid', amount_paid: 4000 }] });
    await expect(p.listInvoices(customerId, { limit: 2, startingAfter: 'in_unknown' })).rejects.toBeInstanceOf(ProviderError);
  });

  it('knows customers made before a restart, and makes ids that never repeat across runs', async () => {
    const before = await make().createCustomer({ workspaceId: 1, name: 'Acme' });
    const after = make();
    const again = await after.createCustomer({ workspaceId: 1, name: 'Acme' });
    expect(again.customerId).not.toBe(before.customerId);
    await expect(after.createSetupSession(before.customerId, 'http://h/x')).resolves.toMatchObject({ url: expect.stringContaining('session_id=') });
  });

  it("verifies webhooks in Stripe's signature format with the sandbox secret", () => {
    const p = make();
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_1', customer: 'cus_1', status: 'active' } } });
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_s' });
    expect(p.verifyWebhook(Buffer.from(body), header)).toMatchObject({ kind: 'subscription', status: 'active' });
    expect(() => p.verifyWebhook(Buffer.from(body), 't=1,v1=00')).toThrow(WebhookSignatureError);
  });
});
