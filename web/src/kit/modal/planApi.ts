import type { z } from 'zod';
import { api } from '../../api/client';
import type { changePlanBody, ticketBody } from '../../../../src/billing/schema';

// The upgrade dialog's calls are plain functions, not useMutation hooks: the dialog is a shell chunk (any page's
// 402 opens it), and a shell chunk using useMutation makes the build split TanStack Query's core out of the entry
// (as layout/layoutApi.ts says: measured 99.8 → 100.64 kB for this dialog, 100.84 kB with the user menu too; budget
// 100 kB). Its state is a small machine of its own (updating, done, refused).

/** What POST /sign_up/change_plan takes. */
export type PlanChangeRequest = z.input<typeof changePlanBody>;

/** POST /sign_up/change_plan. The dialog shows a refusal itself (and follows card_required to the payment page). */
export const changePlan = (request: PlanChangeRequest) => api.post('/sign_up/change_plan', request, { toastOnError: false });

/** A request to Hearth's support (the contact-support variant of the upgrade dialog). */
export const fileSupportTicket = (body: z.input<typeof ticketBody>) => api.post('/intercom_tickets', body, { toastOnError: false });
