import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { api, ApiError, errorText } from '../../api/client';
import { POLL_PRESETS, usePollingQuery } from '../../api/polling';
import { plural, type SendSummary } from '../../kit';
import type { applyTemplateBody, sendNowBody } from '../../../../src/programs/schema';
import type { CoffeePageData } from '../intros/introsApi';

/** The program types of the shared channel-program model (ProgramJson.type on the server). */
export type ProgramType = 'CoffeeConfiguration' | 'Watercooler' | 'CelebrationProgram';
/** How the addresses name them: /all_channels?type=…, /channel_programs/new?preview=…. */
export type ProgramSlug = 'intros' | 'watercooler' | 'celebrations';

/** GET /channel_programs/editable_programs_as_json → { programs }: the server's ProgramJson. */
export type { ProgramJson } from '../../../../src/programs/api-types';
import type { ProgramJson } from '../../../../src/programs/api-types';

/** GET /templates → { templates }. */
export interface ProgramTemplate {
  id: string;
  name: string;
  description: string;
  type: ProgramType;
  is_default: boolean;
}

export const PROGRAM_TYPES: Record<ProgramSlug, { type: ProgramType; label: string; noun: string; blurb: string; short: string }> = {
  intros: {
    type: 'CoffeeConfiguration',
    label: 'Intros',
    noun: 'Intros program',
    short: 'Pair people up to meet someone new.',
    blurb: 'Pairs or groups people in a channel on a schedule, so they meet someone new.',
  },
  watercooler: {
    type: 'Watercooler',
    label: 'Watercooler',
    noun: 'Watercooler',
    short: 'Post conversation prompts in a channel.',
    blurb: 'Posts a conversation prompt into a channel on a schedule, drawn from packs you choose.',
  },
  celebrations: {
    type: 'CelebrationProgram',
    label: 'Celebrations',
    noun: 'Celebrations program',
    short: 'Birthdays, anniversaries and your own dates.',
    blurb: 'Celebrates birthdays, work anniversaries and your own dates in a channel.',
  },
};

export const PROGRAM_SLUGS = Object.keys(PROGRAM_TYPES) as ProgramSlug[];

export function isProgramSlug(value: string | null | undefined): value is ProgramSlug {
  return value === 'intros' || value === 'watercooler' || value === 'celebrations';
}

export function slugOf(type: ProgramType): ProgramSlug {
  return PROGRAM_SLUGS.find((slug) => PROGRAM_TYPES[slug].type === type) ?? 'intros';
}

export function typeLabel(type: ProgramType): string {
  return PROGRAM_TYPES[slugOf(type)].label;
}

/** "today", "tomorrow", "in 3 days"; null when nothing is scheduled. */
export function relativeDays(days: number | null | undefined): string | null {
  if (days === null || days === undefined) return null;
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}

export const PROGRAMS_KEY = ['channel_programs', 'editable'] as const;
export const templatesKey = (hideDefaults: boolean) => ['templates', { hideDefaults }] as const;

export async function fetchPrograms(): Promise<ProgramJson[]> {
  const data = await api.get<{ programs: ProgramJson[] }>('/channel_programs/editable_programs_as_json', { toastOnError: false });
  return data?.programs ?? [];
}

/** GET /channel_programs/editable_programs_as_json: the programs the viewer can edit. */
export const programsQuery = queryOptions({ queryKey: PROGRAMS_KEY, queryFn: fetchPrograms });

export function usePrograms() {
  return useQuery(programsQuery);
}

/** GET /templates (hide_defaults). */
export const templatesQuery = (hideDefaults: boolean) =>
  queryOptions({
    queryKey: templatesKey(hideDefaults),
    queryFn: async () => {
      const data = await api.get<{ templates: ProgramTemplate[] }>('/templates', {
        query: { hide_defaults: hideDefaults ? 'true' : '' },
        toastOnError: false,
      });
      return data?.templates ?? [];
    },
  });

export function useTemplates(hideDefaults = false) {
  return useQuery(templatesQuery(hideDefaults));
}

/** POST /channel_programs/apply_template_as_json → { redirect_url }: a new program from a template (errors are the page's to show). */
export function useApplyTemplate() {
  return useMutation({
    mutationFn: (body: z.input<typeof applyTemplateBody>) => api.post<{ redirect_url: string; id?: number }>('/channel_programs/apply_template_as_json', body, { toastOnError: false }),
  });
}

/** PUT /channel_programs/send_now_data_as_json: sends the programs now (the page then polls useSendNowStatus). */
export function useRequestSendNow() {
  return useMutation({ mutationFn: (body: z.input<typeof sendNowBody>) => api.put('/channel_programs/send_now_data_as_json', body) });
}

/** GET {controller_path}/send_now_complete_as_json */
export interface SendNowStatus {
  done: boolean;
  program: ProgramJson;
}

export type SendNowOutcome = { status: 'done'; program: ProgramJson } | { status: 'error'; message: string } | { status: 'timeout' };

/** One send's completion polls: a new run (a new send) is a new key, counted from its own first poll. */
const sendNowStatusKey = (controllerPath: string, run: number | null) => ['send_now_complete', controllerPath, run] as const;

/**
 * Polls {controller_path}/send_now_complete_as_json from start() (POLL_PRESETS.sendNow: the first poll 3 s after
 * the request, then every 3 s, 40 at most, the timeout a 10 s toast) until the send is done, fails or times out;
 * then onSettled. A program still sending when the page opens (send_now_data.isLoading) resumes polling.
 */
export function useSendNowStatus(program: ProgramJson, onSettled: (outcome: SendNowOutcome) => void) {
  // null: nothing to poll; 0: a send under way when the page opened (its first fetch is at once);
  // 1, 2…: a send this page asked for (the request's answer is the first, the first poll 3 s after it).
  const [run, setRun] = useState<number | null>(program.send_now_data.isLoading ? 0 : null);
  const poll = usePollingQuery({
    queryKey: sendNowStatusKey(program.controller_path, run),
    queryFn: ({ signal }) => api.get<SendNowStatus>(`${program.controller_path}/send_now_complete_as_json`, { signal, toastOnError: false }),
    initialData: run ? { done: false, program } : undefined,
    enabled: run !== null,
    retry: false,
    preset: POLL_PRESETS.sendNow,
    isDone: (status) => status.done,
    onEnd: (end) => {
      if (end.status === 'done') onSettled({ status: 'done', program: end.data.program });
      else if (end.status === 'error') onSettled({ status: 'error', message: errorText(end.error) });
      else onSettled({ status: 'timeout' });
    },
  });
  const ended = Boolean(poll.data?.done) || poll.pollTimedOut || poll.isError;
  return { polling: run !== null && !ended, start: () => setRun((r) => (r ?? 0) + 1) };
}

/** "12 group DMs to 24 people in #intros": who gets what and where, before anything is sent. */
export async function sendSummary(program: ProgramJson): Promise<SendSummary> {
  const people = plural(program.num_participants, 'person', 'people');
  if (program.type === 'CoffeeConfiguration') {
    // The server's plan of the round (group size and enforce_group_size applied), not a guess of our own.
    const page = await api.get<CoffeePageData>(`/coffee/${program.id}`, { toastOnError: false });
    const { groups, people: grouped } = page.planned_round;
    return {
      text: `${plural(groups, 'group DM')} to ${plural(grouped, 'person', 'people')} in ${program.channel}`,
      details: [`A new round of Intros starts now, in groups of ${page.config.group_size}. Each group gets its own DM.`],
    };
  }
  if (program.type === 'Watercooler') return { text: `The next prompt, posted in ${program.channel} for ${people}` };
  return { text: `Today's celebrations, posted in ${program.channel}` };
}

/** The fallback result text, when the program's kind does not say what was sent. */
export function sentText(program: Pick<ProgramJson, 'channel'>): string {
  return `Sent! Your message is on its way to ${program.channel} in Slack.`;
}

/** What happened, said after it happened: "Sent 12 group DMs to 24 people in #intros." */
export async function resultText(program: ProgramJson): Promise<{ ok: boolean; text: string }> {
  if (program.type === 'CoffeeConfiguration') {
    try {
      const page = await api.get<CoffeePageData>(`/coffee/${program.id}`, { toastOnError: false });
      const round = page.current_round;
      if (round?.problem) return { ok: false, text: round.problem.message };
      if (round && round.num_groups === 0) return { ok: false, text: `No intros were sent: ${program.channel} needs at least 2 people who can be paired.` };
      if (round) return { ok: true, text: `Sent ${plural(round.num_groups, 'group DM')} to ${plural(round.num_candidates - round.num_left_out, 'person', 'people')} in ${program.channel}.` };
    } catch {
      // fall through to the plain text
    }
  }
  if (program.type === 'Watercooler') return { ok: true, text: `Posted the next prompt in ${program.channel}.` };
  if (program.type === 'CelebrationProgram') return { ok: true, text: `Posted today's celebrations in ${program.channel}.` };
  return { ok: true, text: sentText(program) };
}

/** The page of the program a channel already has (the server's `existing_program` on "already has"). */
export function existingProgramPath(error: unknown): string | null {
  const existing = error instanceof ApiError ? (error.body?.existing_program as { page_path?: unknown } | undefined) : undefined;
  return typeof existing?.page_path === 'string' ? existing.page_path : null;
}
