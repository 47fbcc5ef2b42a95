import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../api/client';

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

export async function fetchPrograms(): Promise<ProgramJson[]> {
  const data = await api.get<{ programs: ProgramJson[] }>('/channel_programs/editable_programs_as_json', { toastOnError: false });
  return data?.programs ?? [];
}

export function usePrograms() {
  return useQuery({ queryKey: PROGRAMS_KEY, queryFn: fetchPrograms });
}

export const templatesKey = (hideDefaults: boolean) => ['templates', { hideDefaults }] as const;

export function useTemplates(hideDefaults = false) {
  return useQuery({
    queryKey: templatesKey(hideDefaults),
    queryFn: async () => {
      const data = await api.get<{ templates: ProgramTemplate[] }>('/templates', {
        query: { hide_defaults: hideDefaults ? 'true' : '' },
        toastOnError: false,
      });
      return data?.templates ?? [];
    },
  });
}

/** The page of the program a channel already has (the server's `existing_program` on "already has"). */
export function existingProgramPath(error: unknown): string | null {
  const existing = error instanceof ApiError ? (error.body?.existing_program as { page_path?: unknown } | undefined) : undefined;
  return typeof existing?.page_path === 'string' ? existing.page_path : null;
}
