import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { inviteUsersBody } from '../../../../src/channels/schema';

/** POST /channels/invite_users_as_json answers with these counts. */
export interface InviteUsersResult {
  num_invited: number;
  num_added: number;
}

/** Invites people to a channel; the counts as numbers (a refusal is the API client's toast). */
export function useInviteUsers() {
  return useMutation({
    mutationFn: (body: z.input<typeof inviteUsersBody>) =>
      api.post<InviteUsersResult>('/channels/invite_users_as_json', body).then((answer) => ({ num_invited: Number(answer?.num_invited ?? 0), num_added: Number(answer?.num_added ?? 0) })),
  });
}
