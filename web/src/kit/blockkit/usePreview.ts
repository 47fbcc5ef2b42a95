import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { REMOTE_SEARCH_DEBOUNCE_MS } from '../select/remoteSearch';
import type { BlockKitMessage } from './BlockKitPreview';

/** A value once it has stopped changing for a moment (typing pauses), as remote search waits. */
export function useDebounced<T>(value: T, ms = REMOTE_SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A preview endpoint's answer: the message its builder makes, and names for the people it mentions. */
export interface PreviewAnswer extends BlockKitMessage {
  user_names?: Record<string, string>;
}

/**
 * POSTs `body` to a server preview endpoint (the builder that sends) once typing pauses, keeping the last message
 * on screen while the next is drawn. `path` null: nothing to preview yet. `source`: what else the server reads that
 * the page knows has changed (a queue's order), so the preview is drawn again.
 */
export function useServerPreview<T extends PreviewAnswer = PreviewAnswer>(path: string | null, body: unknown, source?: unknown) {
  const current = JSON.stringify(body ?? {});
  const settled = useDebounced(current);
  return useQuery({
    queryKey: ['message-preview', path, settled, source],
    queryFn: () => api.post<T>(path!, JSON.parse(settled) as unknown, { toastOnError: false }),
    // Only a body that has settled, never one the page has moved on from (a template id still null on load).
    enabled: path !== null && settled === current,
    placeholderData: keepPreviousData,
  });
}
