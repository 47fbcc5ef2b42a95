import { z } from 'zod';

export const failedQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(25),
});
