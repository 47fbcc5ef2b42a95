// The JSON the pages read, shared by the server and web/ (no imports: both type-check it).

export const PROGRAM_TYPES = ['CoffeeConfiguration', 'Watercooler', 'CelebrationProgram'] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];

/** A channel program as the pages read it (programs.md §3 "Channel program"). */
export interface ProgramJson {
  id: number;
  type: ProgramType;
  is_active: boolean;
  channel: string;
  channel_uid: string;
  creator: { id: number; name: string } | null;
  owner: { id: number; name: string } | null;
  permission_users: Array<{ id: number; name: string; role: 'editor' | 'permission_user' }>;
  num_participants: number;
  next_occurrence_on: string | null;
  next_occurrence_on_days_from_now: number | null;
  controller_path: string;
  page_path: string;
  send_now_data: { allow_send_now: boolean; slack_url: string; isLoading: boolean };
  service_account: { paidFeatureAccess: boolean; paidCoffeeTrialAllowed: boolean };
}
