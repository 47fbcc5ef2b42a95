import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';

export interface OptimisticMutationOptions<TVars, TData, TCached> {
  /** The cached query the change shows up in at once. */
  queryKey: QueryKey;
  /** The server call. Its failure toast comes from the API client. */
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The cached value as it will be after the change (pure; do not mutate old). */
  apply: (old: TCached | undefined, vars: TVars) => TCached | undefined;
  /** Refetch the query after success or failure (default true). */
  invalidate?: boolean;
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: Error, vars: TVars) => void;
}

/**
 * A mutation that changes the cache before the server answers and puts the old value back if it fails
 * (journeys.md §4: session events are deactivated and rescheduled optimistically and reverted on error).
 */
export function useOptimisticMutation<TVars, TData = unknown, TCached = unknown>(
  options: OptimisticMutationOptions<TVars, TData, TCached>,
): UseMutationResult<TData, Error, TVars, { previous: TCached | undefined }> {
  const queryClient = useQueryClient();
  const { queryKey } = options;
  return useMutation<TData, Error, TVars, { previous: TCached | undefined }>({
    mutationFn: options.mutationFn,
    onMutate: async (vars) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<TCached>(queryKey);
      queryClient.setQueryData<TCached>(queryKey, (old) => options.apply(old, vars));
      return { previous };
    },
    onError: (error, vars, context) => {
      queryClient.setQueryData<TCached>(queryKey, context?.previous);
      options.onError?.(error, vars);
    },
    onSuccess: (data, vars) => options.onSuccess?.(data, vars),
    onSettled: () => {
      if (options.invalidate !== false) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
