import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { changePlanBody, ticketBody } from '../../../../src/billing/schema';
import type { inviteUsersBody } from '../../../../src/channels/schema';

/** POST /channels/invite_users_as_json answers with these counts. */
export interface InviteUsersResult {
  num_invited: number;
  num_added: number;
}

/** What POST /sign_up/change_plan takes. */
export type PlanChangeRequest = z.input<typeof changePlanBody>;

/** POST /sign_up/change_plan. The dialog shows a refusal itself (and follows card_required to the payment page). */
export function useChangePlan() {
  return useMutation({ mutationFn: (request: PlanChangeRequest) => api.post('/sign_up/change_plan', request, { toastOnError: false }) });
}

/** A request to Hearth's support (the contact-support variant of the upgrade dialog). */
export function useSupportTicket() {
  return useMutation({ mutationFn: (body: z.input<typeof ticketBody>) => api.post('/intercom_tickets', body, { toastOnError: false }) });
}

/** Invites people to a channel; the counts as numbers (a refusal is the API client's toast). */
export function useInviteUsers() {
  return useMutation({
    mutationFn: (body: z.input<typeof inviteUsersBody>) =>
      api.post<InviteUsersResult>('/channels/invite_users_as_json', body).then((answer) => ({ num_invited: Number(answer?.num_invited ?? 0), num_added: Number(answer?.num_added ?? 0) })),
  });
}
