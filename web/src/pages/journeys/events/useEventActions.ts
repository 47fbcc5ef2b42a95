import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { useOptimisticMutation } from '../../../api/optimistic';
import { DEFAULT_ERROR_TEXT, showToast, toastSuccess } from '../../../kit';
import { eventCalls, tagKey, type EventAnswer, type EventPatch as Patch, type Flow, type ScheduleEventJson, type SendTestAnswer, type TagDetail } from '../api/journeysApi';

/** The spec's texts (programs.md §8), word for word. */
export const EVENT_ERROR_TEXTS = {
  adding: 'Uh oh, something went wrong adding that message!',
  moving: 'Uh oh, something went wrong moving that message!',
  deleting: 'Uh oh, something went wrong deleting that message!',
  duplicating: 'Uh oh, something went wrong duplicating that message!',
} as const;

/** A failure toast, except for a 402 (the client opened the upgrade modal) and a 401 (signing in). */
export function eventErrorToast(error: unknown, text: string): void {
  if (error instanceof ApiError && (error.status === 402 || error.status === 401)) return;
  showToast({ type: 'error', text });
}

function errorTextOf(error: unknown): string {
  return error instanceof ApiError && error.serverError ? error.serverError : DEFAULT_ERROR_TEXT;
}

function patchEvents(old: TagDetail | undefined, id: number, patch: Partial<ScheduleEventJson>): TagDetail | undefined {
  if (!old) return old;
  return { ...old, events: old.events.map((e) => (e.id === id ? { ...e, ...patch } : e)) };
}

/** A PUT of some of an event's fields, shown at once and put back if it fails (with `errorText`, or the server's error). */
function useEventPatch(flow: Flow, tagId: string | number, errorText: string | null) {
  return useOptimisticMutation<{ id: number; patch: Patch }, EventAnswer, TagDetail>({
    queryKey: tagKey(flow, tagId),
    mutationFn: ({ id, patch }) => eventCalls.update(flow, id, patch),
    apply: (old, { id, patch }) => patchEvents(old, id, patch as Partial<ScheduleEventJson>),
    onError: (error) => eventErrorToast(error, errorText ?? errorTextOf(error)),
  });
}

/**
 * What the journey page does to its events. Deactivating, rescheduling (moving) and editing show at once and go
 * back if the server says no (programs.md §4); duplicating and adding show when the server answers.
 */
export function useEventActions(flow: Flow, tagId: string | number) {
  const queryKey = tagKey(flow, tagId);
  const queryClient = useQueryClient();

  const move = useEventPatch(flow, tagId, EVENT_ERROR_TEXTS.moving);
  const remove = useEventPatch(flow, tagId, EVENT_ERROR_TEXTS.deleting);
  const edit = useEventPatch(flow, tagId, null);

  const appendEvent = (event: ScheduleEventJson) =>
    queryClient.setQueryData<TagDetail>(queryKey, (old) => (old ? { ...old, events: [...old.events.filter((e) => e.id !== event.id), event] } : old));

  const duplicate = useMutation({
    mutationFn: (id: number) => eventCalls.duplicate(flow, tagId, id),
    onSuccess: (answer) => {
      appendEvent(answer.event);
      toastSuccess('Duplicated. The copy is inactive until you turn it on.');
    },
    onError: (error) => eventErrorToast(error, EVENT_ERROR_TEXTS.duplicating),
    onSettled: () => void queryClient.invalidateQueries({ queryKey }),
  });

  const add = useMutation({
    mutationFn: (event: Patch) => eventCalls.add(flow, tagId, event),
    onSuccess: (answer) => appendEvent(answer.event),
    onError: (error) => eventErrorToast(error, EVENT_ERROR_TEXTS.adding),
    onSettled: () => void queryClient.invalidateQueries({ queryKey }),
  });

  const sendTest = useMutation({
    mutationFn: (id: number) => eventCalls.sendTest(flow, tagId, id),
    onSuccess: () => toastSuccess('Sent! Check your DMs from Hearth in Slack.'),
    onError: (error) => eventErrorToast(error, errorTextOf(error)),
  });

  return {
    /** Reschedule: a new day and/or time. */
    move: (id: number, daysLater: number, minuteInDay: number) => move.mutate({ id, patch: { days_later: daysLater, minute_in_day: minuteInDay } }),
    deactivate: (id: number) => remove.mutate({ id, patch: { active: false } }),
    activate: (id: number) => edit.mutate({ id, patch: { active: true } }),
    edit: (id: number, patch: Patch, callbacks?: { onSuccess?: () => void }) => edit.mutate({ id, patch }, callbacks),
    duplicate: (id: number) => duplicate.mutate(id),
    add: (event: Patch, callbacks?: { onSuccess?: (answer: EventAnswer) => void }) => add.mutate(event, callbacks),
    sendTest: (id: number, callbacks?: { onSuccess?: (answer: SendTestAnswer) => void }) => sendTest.mutate(id, callbacks),
    pending: { duplicate: duplicate.isPending, add: add.isPending, sendTest: sendTest.isPending ? sendTest.variables : null },
  };
}
