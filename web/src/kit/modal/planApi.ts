import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { changePlanBody, ticketBody } from '../../../../src/billing/schema';

/** What POST /sign_up/change_plan takes. */
export type PlanChangeRequest = z.input<typeof changePlanBody>;

/**
 * POST /sign_up/change_plan, then `redo` (the change the free plan refused) once the plan allows it; answers whether
 * the redo went through (its failure shows its own toast). The caller shows a refusal itself (and follows
 * card_required to the payment page).
 */
export function useChangePlan(redo?: () => Promise<unknown>) {
  return useMutation({
    mutationFn: async (request: PlanChangeRequest) => {
      await api.post('/sign_up/change_plan', request, { toastOnError: false });
      return redo ? redo().then(() => true, () => false) : false;
    },
  });
}

/** A request to Hearth's support (the contact-support variant of the upgrade dialog); the dialog shows a failure itself. */
export function useSupportTicket() {
  return useMutation({ mutationFn: (body: z.input<typeof ticketBody>) => api.post('/intercom_tickets', body, { toastOnError: false }) });
}
