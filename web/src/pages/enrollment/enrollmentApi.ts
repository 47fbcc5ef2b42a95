import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { MANUAL_ENROLLMENT_POLL, startPolling } from '../../api/polling';
import type {
  AutoEnrollChannelsAnswer,
  BatchesAnswer,
  EnrollmentSettingsAnswer,
  EnrollmentSurveyJson,
  EnrollmentSurveyListItem,
  Flow,
  HrisManagerAnswer,
  ManualEnrollmentAnswer,
  PresetSurveyJson,
  SavedSessionAnswer,
  SelfEnrollSettingsAnswer,
  SelfEnrollValidationAnswer,
  SurveyResponsesAnswer,
  UpsertStatusAnswer,
  UsersFromEmailAnswer,
} from '../../../../src/enrollment/api-types';
import type { autoChannelsBody, manualEnrollmentBody, mappingsBody, matchesBody, rulesBody, shareBody, surveyBody } from '../../../../src/enrollment/schema';
import { journeysKey, type RoleJson, type TagsIndex } from '../journeys/api/journeysApi';

// The Enrollment area's calls (src/enrollment/API.md): query options with their keys, and mutation hooks.
// {base} is /{flow} or /{flow}/tags/{tagId}. Request bodies are the server's route schemas' input types.

export type ManualEnrollmentBody = z.input<typeof manualEnrollmentBody>;
export type MembershipInput = ManualEnrollmentBody['sessions'][number]['memberships'][number];
export type MappingsBody = z.input<typeof mappingsBody>;
export type RulesBody = z.input<typeof rulesBody>;
export type SurveyBody = z.input<typeof surveyBody>;
export type ShareBody = z.input<typeof shareBody>;
export type MatchesBody = z.input<typeof matchesBody>;
export type AutoChannelsBody = z.input<typeof autoChannelsBody>;

const quiet = { toastOnError: false } as const;

/** Every enrollment query key, defined once. */
export const enrollmentKeys = {
  all: ['enrollment'] as const,
  roles: (flow: Flow, tagId: number | null) => ['enrollment', 'roles', flow, tagId] as const,
  savedSessions: (base: string, ids: readonly string[]) => ['enrollment', 'saved-sessions', base, ids.join(',')] as const,
  status: (statusId: string | null) => ['enrollment', 'status', statusId] as const,
  batches: (base: string, batchId: string | null, status?: string) => ['enrollment', 'batches', base, batchId, status] as const,
  settings: ['enrollment', 'settings'] as const,
  autoChannels: (base: string) => ['enrollment', 'auto-channels', base] as const,
  selfEnroll: (base: string) => ['enrollment', 'self-enroll', base] as const,
  join: (base: string) => ['enrollment', 'join', base] as const,
  surveys: (base: string) => ['enrollment', 'surveys', base] as const,
  survey: (base: string, surveyId: string | undefined) => ['enrollment', 'survey', base, surveyId ?? 'new'] as const,
  presetSurveys: ['enrollment', 'preset-surveys'] as const,
  responses: (base: string, surveyId: string | undefined) => ['enrollment', 'responses', base, surveyId] as const,
};

/** The roles the manual enrollment form fills: the journey's, else the first journey's of the flow. */
export const rolesQuery = (flow: Flow, tagId: number | null) =>
  queryOptions({
    queryKey: enrollmentKeys.roles(flow, tagId),
    queryFn: async () => {
      const first = tagId ?? (await api.get<TagsIndex>(`/${flow}/tags`, quiet)).tags[0]?.id;
      return first ? (await api.get<{ roles: RoleJson[] }>(`/${flow}/tags/${first}/fetch_roles_as_json`, quiet)).roles : [];
    },
  });

/** Saved sessions (?session_id=) to open as rows of the form. */
export const savedSessionsQuery = (base: string, ids: readonly string[]) =>
  queryOptions({
    queryKey: enrollmentKeys.savedSessions(base, ids),
    queryFn: () => Promise.all(ids.map((id) => api.get<SavedSessionAnswer>(`${base}/manual_enrollment/sessions/${id}`, quiet))),
  });

/** GET the upsert status of a submitted manual enrollment (polled while pending). */
export const upsertStatusQuery = (statusId: string | null) =>
  queryOptions({
    queryKey: enrollmentKeys.status(statusId),
    queryFn: () => api.get<UpsertStatusAnswer>(`/onboarding/manual_enrollment/upsert_status/${statusId}`, quiet),
    enabled: Boolean(statusId),
  });

/** The batches, with one batch's people when batchId is given; `status` refetches once an upsert settles. */
export const batchesQuery = (base: string, batchId: string | null, status?: string) =>
  queryOptions({
    queryKey: enrollmentKeys.batches(base, batchId, status),
    queryFn: () => api.get<BatchesAnswer>(`${base}/batches`, { query: { batch_id: batchId ?? undefined }, ...quiet }),
  });

export const settingsQuery = queryOptions({
  queryKey: enrollmentKeys.settings,
  queryFn: () => api.get<EnrollmentSettingsAnswer>('/onboarding/enrollment_settings', quiet),
});

export const autoChannelsQuery = (base: string) =>
  queryOptions({
    queryKey: enrollmentKeys.autoChannels(base),
    queryFn: () => api.get<AutoEnrollChannelsAnswer>(`${base}/auto_enroll_channels/load_channels_as_json`, quiet),
  });

export const selfEnrollSettingsQuery = (base: string) =>
  queryOptions({
    queryKey: enrollmentKeys.selfEnroll(base),
    queryFn: () => api.get<SelfEnrollSettingsAnswer>(`${base}/self_enroll_settings`, quiet),
  });

export const joinCheckQuery = (base: string) =>
  queryOptions({
    queryKey: enrollmentKeys.join(base),
    queryFn: () => api.get<SelfEnrollValidationAnswer>(`${base}/self_enroll_validation`, quiet),
  });

export const surveysQuery = (base: string) =>
  queryOptions({
    queryKey: enrollmentKeys.surveys(base),
    queryFn: () => api.get<{ enrollment_surveys: EnrollmentSurveyListItem[] }>(`${base}/enrollment_surveys`, quiet),
  });

/** A saved survey, or null for a new one. */
export const surveyQuery = (base: string, surveyId: string | undefined) =>
  queryOptions({
    queryKey: enrollmentKeys.survey(base, surveyId),
    queryFn: async () => (surveyId ? (await api.get<{ enrollment_survey: EnrollmentSurveyJson }>(`${base}/enrollment_surveys/${surveyId}`, quiet)).enrollment_survey : null),
  });

export const presetSurveysQuery = queryOptions({
  queryKey: enrollmentKeys.presetSurveys,
  queryFn: () => api.get<{ preset_enrollment_surveys: PresetSurveyJson[] }>('/onboarding/preset_enrollment_surveys/index_as_json', quiet),
});

const responsesPath = (base: string, surveyId: string | undefined) => `${base}/enrollment_surveys/${surveyId}/responses`;

export const responsesQuery = (base: string, surveyId: string | undefined) =>
  queryOptions({
    queryKey: enrollmentKeys.responses(base, surveyId),
    queryFn: () => api.get<SurveyResponsesAnswer>(responsesPath(base, surveyId), quiet),
  });

/** Users by work email (50 at a time, as the CSV import asks). */
export async function usersFromEmail(emails: readonly string[]) {
  return (await api.get<UsersFromEmailAnswer>('/onboarding/users/from_email', { query: { emails: emails.join(',') } })).users;
}

/**
 * Submits the manual enrollment and polls its upsert every 2 s (journeys.md §3); resolves with the status id once
 * it succeeded, fails (after the error toast) when the status is error or missing. The journeys' people and counts
 * are then refetched, so a journey never says "0 people on it now" beside the person just enrolled.
 */
export function useSubmitEnrollment(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ManualEnrollmentBody) => {
      const { status_id } = await api.post<ManualEnrollmentAnswer>(`${base}/manual_enrollment`, body);
      if (!status_id) throw new Error('no status id');
      const outcome = await startPolling<UpsertStatusAnswer>({
        preset: MANUAL_ENROLLMENT_POLL,
        immediate: true,
        poll: (signal) => api.get<UpsertStatusAnswer>(`/onboarding/manual_enrollment/upsert_status/${status_id}`, { signal, ...quiet }),
        isDone: (s) => s.status === 'success',
        isFailed: (s) => s.status === 'error',
      }).promise;
      if (outcome.status !== 'done') throw new Error(`upsert ${outcome.status}`);
      return status_id;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: journeysKey }),
  });
}

/** Each participant's manager from the HR system (GET /hris/manager?email=), by email; the emails it knows. */
export function useImportManagers() {
  return useMutation({
    mutationFn: async (emails: readonly string[]) => {
      const found = new Map<string, { id: number; name: string }>();
      for (const email of emails) {
        const answer = await api.get<HrisManagerAnswer>('/hris/manager', { query: { email }, ...quiet });
        if (answer.success) found.set(email, { id: answer.manager.id, name: answer.manager.name });
      }
      return found;
    },
  });
}

/** Saves the enrollment source: the rules (PUT) or the HR mappings (PATCH); field errors come back on the error. */
export function useSaveEnrollmentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { rules: RulesBody } | { mappings: MappingsBody }) =>
      'rules' in change ? api.put('/onboarding/enrollment_rules', change.rules) : api.patch('/onboarding/tags/hris_category_mappings/bulk_update', change.mappings),
    onSuccess: () => client.invalidateQueries({ queryKey: enrollmentKeys.settings }),
  });
}

/** Saves a journey's whole list of auto-enroll channels. */
export function useSaveAutoChannels(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoChannelsBody) => api.put(`${base}/auto_enroll_channels/bulk_update`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: enrollmentKeys.autoChannels(base) }),
  });
}

/** Turns a journey's self-enrollment on or off. */
export function useToggleSelfEnroll(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<SelfEnrollSettingsAnswer>(`${base}/self_enroll_settings`, { enabled }),
    onSuccess: (answer) => client.setQueryData(enrollmentKeys.selfEnroll(base), answer),
  });
}

/** A member joins a journey from its link. */
export function useSelfEnroll(base: string) {
  return useMutation({ mutationFn: () => api.post<{ success: true; session_id: number }>(`${base}/self_enroll`, {}, quiet) });
}

/** Creates the survey (no id yet) or changes it. */
export function useSaveSurvey(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SurveyBody }) =>
      id ? api.put<{ enrollment_survey: EnrollmentSurveyJson }>(`${base}/enrollment_surveys/${id}`, body) : api.post<{ enrollment_survey: EnrollmentSurveyJson }>(`${base}/enrollment_surveys`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: enrollmentKeys.surveys(base) }),
  });
}

/** Shares a survey to Slack: people and channels get a DM that opens it. */
export function useShareSurvey(base: string, surveyId: number) {
  return useMutation({ mutationFn: (body: ShareBody) => api.post<{ num_sent: number }>(`${base}/enrollment_surveys/${surveyId}/share_to_slack_as_json`, body) });
}

/** Saves the survey's matches; the answer replaces the cached responses. */
export function useSaveMatches(base: string, surveyId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchesBody) => api.put<SurveyResponsesAnswer>(responsesPath(base, surveyId), body, quiet),
    onSuccess: (answer) => client.setQueryData(enrollmentKeys.responses(base, surveyId), answer),
  });
}
