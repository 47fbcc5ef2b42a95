import { randomUUID } from 'node:crypto';

/** One gift card to issue: the redemption's id makes the order idempotent at the provider. */
export interface GiftCardRequest {
  /** Our idempotency key (`hearth-redemption-{workspace}-{id}`): the same key never orders twice. */
  externalId: string;
  recipient: { name: string; email: string | null };
  dollars: number;
  currency: 'USD';
}

export interface IssuedGiftCard {
  orderId: string;
  /** Where the recipient claims the card. */
  link: string;
}

export class GiftCardError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GiftCardError';
  }
}

/** A gift-card provider: Tremendous in production, the sandbox provider offline. */
export interface GiftCardProvider {
  readonly name: string;
  issue(request: GiftCardRequest): Promise<IssuedGiftCard>;
}

export interface TremendousOptions {
  apiKey: string;
  /** https://testflight.tremendous.com/api/v2 (sandbox) or https://www.tremendous.com/api/v2. */
  baseUrl: string;
  /** `balance` pays from the account's balance (Tremendous's default for API orders). */
  fundingSourceId: string;
  /** Products the recipient may choose from (e.g. Amazon.com gift cards), or a campaign that lists them. */
  products?: string[];
  campaignId?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The Tremendous REST API's create-order answer, as far as we read it. */
interface TremendousOrderAnswer {
  order?: {
    id?: string;
    status?: string;
    rewards?: Array<{ id?: string; delivery?: { method?: string; status?: string; link?: string } }>;
  };
  errors?: { message?: string; payload?: unknown };
}

/**
 * Tremendous (developers.tremendous.com, POST /api/v2/orders): one order per redemption with LINK delivery, so
 * the member gets a claim link at once. `external_id` makes the order idempotent: a retry after a lost
 * answer returns the first order instead of buying a second card.
 */
export class TremendousProvider implements GiftCardProvider {
  readonly name = 'tremendous';
  constructor(private readonly opts: TremendousOptions) {}

  /** The request body, exported for the contract test. */
  orderBody(request: GiftCardRequest): Record<string, unknown> {
    return {
      external_id: request.externalId,
      payment: { funding_source_id: this.opts.fundingSourceId },
      reward: {
        value: { denomination: request.dollars, currency_code: request.currency },
        delivery: { method: 'LINK' },
        recipient: { name: request.recipient.name, ...(request.recipient.email ? { email: request.recipient.email } : {}) },
        ...(this.opts.campaignId ? { campaign_id: this.opts.campaignId } : {}),
        ...(this.opts.products?.length ? { products: this.opts.products } : {}),
      },
    };
  }

  async issue(request: GiftCardRequest): Promise<IssuedGiftCard> {
    const doFetch = this.opts.fetch ?? fetch;
    let res: Response;
    try {
      res = await doFetch(`${this.opts.baseUrl.replace(/\/$/, '')}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.opts.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(this.orderBody(request)),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new GiftCardError(`The gift-card provider could not be reached: ${(err as Error).message}`);
    }
    let answer: TremendousOrderAnswer = {};
    try {
      answer = (await res.json()) as TremendousOrderAnswer;
    } catch {
      // An empty or non-JSON body: judged by the status below.
    }
    if (!res.ok) throw new GiftCardError(answer.errors?.message ?? `The gift-card provider refused the order (HTTP ${res.status})`, res.status);
    const order = answer.order;
    const link = order?.rewards?.find((r) => r.delivery?.link)?.delivery?.link;
    if (!order?.id || !link) throw new GiftCardError('The gift-card provider answered without a claim link', res.status);
    if (order.status === 'FAILED' || order.status === 'CANCELED') throw new GiftCardError(`The gift-card order ${order.status.toLowerCase()}`, res.status);
    return { orderId: order.id, link };
  }
}

/** Offline stand-in: issues a fake card at once (the sandbox, tests, and deployments without a provider). */
export class SandboxGiftCardProvider implements GiftCardProvider {
  readonly name = 'sandbox';
  private readonly issued = new Map<string, IssuedGiftCard>();
  constructor(private readonly publicUrl: string) {}

  async issue(request: GiftCardRequest): Promise<IssuedGiftCard> {
    const known = this.issued.get(request.externalId);
    if (known) return known;
    const orderId = `SANDBOX-${randomUUID().slice(0, 8).toUpperCase()}`;
    const card = { orderId, link: `${this.publicUrl}/rewards?gift_card=${orderId}&amount=${request.dollars}` };
    this.issued.set(request.externalId, card);
    return card;
  }
}
