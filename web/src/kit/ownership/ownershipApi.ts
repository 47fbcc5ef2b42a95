import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { ownershipBody } from '../../../../src/programs/schema';
import { DEFAULT_SUCCESS_TEXT } from '../messages';
import { toastSuccess } from '../toast/store';

/** PUT a program's update_ownership endpoint (`path`); the house success toast after, a refusal is the API client's toast. */
export function useSaveOwnership<T>(path: string) {
  return useMutation({
    mutationFn: (body: z.input<typeof ownershipBody>) => api.put<T>(path, body),
    onSuccess: () => toastSuccess(DEFAULT_SUCCESS_TEXT),
  });
}
