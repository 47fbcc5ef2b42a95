import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GiftCardError, SandboxGiftCardProvider, TremendousProvider } from '../../../src/points/gift-cards.js';

/**
 * The Tremendous provider against a loopback stand-in of its REST API (developers.tremendous.com, POST
 * /api/v2/orders): the request we send (auth, body shape, idempotent external_id) and how each answer is read.
 */
describe('Tremendous gift-card provider (contract)', () => {
  let server: Server;
  let base: string;
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: unknown }> = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : undefined });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const provider = (extra: Partial<ConstructorParameters<typeof TremendousProvider>[0]> = {}) => new TremendousProvider({ apiKey: 'TEST_KEY', baseUrl: base, fundingSourceId: 'balance', products: ['OKMHM2X2OHYV'], ...extra });
  const request = { externalId: 'hearth-redemption-1-42', recipient: { name: 'Lena Fischer', email: 'lena@acme.example' }, dollars: 25, currency: 'USD' as const };

  it('creates one LINK order with the redemption as external_id, and reads the claim link', async () => {
    answer = {
      status: 201,
      body: { order: { id: 'ORD123', external_id: 'hearth-redemption-1-42', status: 'EXECUTED', rewards: [{ id: 'RWD1', order_id: 'ORD123', delivery: { method: 'LINK', status: 'SUCCEEDED', link: 'https://testflight.tremendous.com/rewards/payout/abc' } }] } },
    };
    seen.length = 0;
    const card = await provider().issue(request);
    expect(card).toEqual({ orderId: 'ORD123', link: 'https://testflight.tremendous.com/rewards/payout/abc' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe('/api/v2/orders');
    expect(seen[0]!.headers.authorization).toBe('Bearer TEST_KEY');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.body).toEqual({
      external_id: 'hearth-redemption-1-42',
      payment: { funding_source_id: 'balance' },
      reward: {
        value: { denomination: 25, currency_code: 'USD' },
        delivery: { method: 'LINK' },
        recipient: { name: 'Lena Fischer', email: 'lena@acme.example' },
        products: ['OKMHM2X2OHYV'],
      },
    });
  });

  it('sends a campaign instead of products when configured, and no email when the member has none', () => {
    const body = provider({ products: undefined, campaignId: 'CAMP1' }).orderBody({ ...request, recipient: { name: 'Kai', email: null } });
    expect(body.reward).toEqual({ value: { denomination: 25, currency_code: 'USD' }, delivery: { method: 'LINK' }, recipient: { name: 'Kai' }, campaign_id: 'CAMP1' });
  });

  it('turns Tremendous errors, failed orders, missing links and unreachable hosts into GiftCardError', async () => {
    answer = { status: 422, body: { errors: { message: 'Insufficient funds', payload: {} } } };
    await expect(provider().issue(request)).rejects.toThrow(new GiftCardError('Insufficient funds', 422));
    answer = { status: 500, body: 'oops' };
    await expect(provider().issue(request)).rejects.toThrow('The gift-card provider refused the order (HTTP 500)');
    answer = { status: 200, body: { order: { id: 'ORD9', status: 'FAILED', rewards: [{ delivery: { link: 'https://x' } }] } } };
    await expect(provider().issue(request)).rejects.toThrow('The gift-card order failed');
    answer = { status: 200, body: { order: { id: 'ORD9', status: 'PENDING APPROVAL', rewards: [{ delivery: { method: 'LINK', status: 'PENDING' } }] } } };
    await expect(provider().issue(request)).rejects.toThrow('without a claim link');
    await expect(new TremendousProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1/api/v2', fundingSourceId: 'balance' }).issue(request)).rejects.toBeInstanceOf(GiftCardError);
  });
});

describe('sandbox gift-card provider', () => {
  it('issues a card at once, the same one for the same external id', async () => {
    const p = new SandboxGiftCardProvider('http://localhost:3000');
    const a = await p.issue({ externalId: 'x', recipient: { name: 'A', email: null }, dollars: 10, currency: 'USD' });
    expect(a.link).toMatch(/^http:\/\/localhost:3000\/rewards\?gift_card=SANDBOX-[0-9A-F]{8}&amount=10$/);
    expect(await p.issue({ externalId: 'x', recipient: { name: 'A', email: null }, dollars: 10, currency: 'USD' })).toEqual(a);
    expect((await p.issue({ externalId: 'y', recipient: { name: 'A', email: null }, dollars: 10, currency: 'USD' })).orderId).not.toBe(a.orderId);
  });
});
