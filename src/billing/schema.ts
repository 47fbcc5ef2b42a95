import { z } from 'zod';
import { id } from '../http/ids.js';
import { DOWNGRADE_REASONS, type DowngradeReason } from './api-types.js';

const reasons = Object.keys(DOWNGRADE_REASONS) as [DowngradeReason, ...DowngradeReason[]];

/** "1,2", ["1","2"] or absent: a list of ids. */
const idList = z.preprocess(
  (v) => (v === undefined ? [] : (Array.isArray(v) ? v : String(v).split(',')).map((s) => String(s).trim()).filter(Boolean)),
  z.array(id).max(200, 'at most 200 programs'),
);

export const costQuery = z.object({
  extra_config_ids: idList,
  extra_watercooler_ids: idList,
  use_cache: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

const invoiceId = z.string().regex(/^[A-Za-z0-9_]{1,255}$/, 'must be an invoice id');

export const invoicesQuery = z.object({ starting_after: invoiceId.optional() });

/** GET /billing/invoices/{id}: the sandbox's invoice page. */
export const invoiceParams = z.object({ id: invoiceId });

export const changePlanBody = z
  .object({
    plan: z.enum(['free', 'premium'], { error: 'must be free or premium' }),
    trial: z.boolean({ error: 'must be true or false' }).optional().default(false),
    survey: z
      .object({
        reason: z.enum(reasons, { error: 'Tell us why you are downgrading' }),
        comment: z.string().trim().max(2000, 'at most 2,000 characters').optional(),
      })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.plan === 'free' && !v.survey) ctx.addIssue({ code: 'custom', path: ['survey', 'reason'], message: 'Tell us why you are downgrading' });
    if (v.plan === 'free' && v.trial) ctx.addIssue({ code: 'custom', path: ['trial'], message: 'a trial is of the premium plan' });
  });

export const adminsBody = z.object({
  service_account: id,
  user_id: id,
  action_type: z.enum(['add', 'remove'], { error: 'must be add or remove' }),
});

export const ownershipBody = z.object({ new_owner_id: id });

export const ownNewConfigsBody = z.object({ own_new_configs: z.boolean({ error: 'must be true or false' }) });

export const ticketBody = z.object({
  kind: z.enum(['upgrade_request', 'invoice_request', 'gift_card_access', 'support'], { error: 'must be upgrade_request, invoice_request, gift_card_access or support' }).default('support'),
  feature: z.string().trim().max(60, 'at most 60 characters').optional(),
  message: z.string().trim().max(2000, 'at most 2,000 characters').optional(),
});
export type TicketBody = z.infer<typeof ticketBody>;

export const completeSetupBody = z.object({
  session_id: z.string().regex(/^[A-Za-z0-9_]{1,255}$/, 'must be a checkout session id'),
});
