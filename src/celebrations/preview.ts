import type { AuthContext } from '../http/auth.js';
import { parse } from '../http/validate.js';
import { personName } from '../people/name.js';
import { addDays, compareLocalDate, formatLocalDate, instantToZoned, type LocalDate } from '../time/zoned.js';
import type { CelebrationPreviewJson, SlackMessageJson } from './api-types.js';
import { askForDatesMessage, celebrationMessage, type CelebrationMessageInput } from './blocks.js';
import type { CelebrationCalendar } from './calendar.js';
import { runInstant, type Celebration, type ScheduleInput } from './dates.js';
import type { CelebrationsDeps } from './deps.js';
import { postImages } from './images.js';
import type { CelebrationRepository } from './repository.js';
import { previewBody } from './schema.js';
import { editableProgram } from './access.js';
import type { CelebrationConfig, ScheduleType } from './tables.js';

type PostSettings = Pick<CelebrationConfig, 'weekend_policy' | 'birthday_template' | 'anniversary_template' | 'birthday_image' | 'anniversary_image' | 'custom_image'>;

/** The builder's input for a day's post under a program's settings: the one place posting and previews take it from. */
export function postInput(settings: PostSettings, publicUrl: string, post: LocalDate, celebrations: readonly Celebration[]): CelebrationMessageInput {
  return {
    post,
    policy: settings.weekend_policy,
    celebrations,
    templates: { birthday: settings.birthday_template, anniversary: settings.anniversary_template },
    images: postImages(settings, publicUrl),
  };
}

const asJson = (m: { text: string; blocks: readonly object[] }): SlackMessageJson => ({ text: m.text, blocks: m.blocks as SlackMessageJson['blocks'] });

/** How far ahead the preview looks for the next post. */
const LOOK_AHEAD_DAYS = 366;

/** What an admin previews is what is posted: the same builder, the same settings (saved, or the unsaved ones sent). */
export class CelebrationPreview {
  constructor(
    private readonly s: Pick<CelebrationsDeps, 'clock' | 'config' | 'programs'>,
    private readonly repo: CelebrationRepository,
    private readonly calendar: CelebrationCalendar,
  ) {}

  async preview(auth: AuthContext, programId: number, body: unknown): Promise<CelebrationPreviewJson> {
    const program = await editableProgram(this.s.programs, auth, programId);
    const input = parse(previewBody, body);
    const l = await this.calendar.load(auth.workspace, program);
    const c = l.config;
    const settings: PostSettings = {
      weekend_policy: c.weekend_policy,
      birthday_template: input.birthday_template?.trim() ?? c.birthday_template,
      anniversary_template: input.anniversary_template?.trim() ?? c.anniversary_template,
      birthday_image: input.birthday_image === undefined ? c.birthday_image : input.birthday_image,
      anniversary_image: input.anniversary_image === undefined ? c.anniversary_image : input.anniversary_image,
      custom_image: input.custom_image === undefined ? c.custom_image : input.custom_image,
    };
    const build = (post: LocalDate, list: readonly Celebration[]) => asJson(celebrationMessage(postInput(settings, this.s.config.publicUrl, post, list)));
    const userNames: Record<string, string> = { [auth.member.slack_user_id]: personName(auth.member) };

    // The next post as it stands: the first day ahead with celebrations not yet posted (those are what a run posts).
    const today = instantToZoned(this.s.clock.now(), program.tz).date;
    const { list, byId } = await this.calendar.between(l, today, addDays(today, LOOK_AHEAD_DAYS));
    const posted = await this.repo.postedKeys(auth.workspace.id, program.id, list.map((c) => c.key));
    const fresh = list.filter((c) => !posted.has(c.key));
    const first = fresh[0];
    const day = first ? fresh.filter((c) => compareLocalDate(c.postOn, first.postOn) === 0) : [];
    for (const c of day) {
      const row = byId.get(c.schedule.id);
      if (row?.slack_user_id && row.member_name) userNames[row.slack_user_id] = row.member_name;
    }

    // One of each kind, celebrating the viewer, posted today.
    const sample = (type: ScheduleType, years: number | null, title: string | null, message: string | null = null): Celebration => {
      const schedule: ScheduleInput = { id: 0, type, memberId: auth.member.id, slackUserId: auth.member.slack_user_id, month: today.month, day: today.day, year: null, title, message };
      return { key: `sample:${type}`, schedule, occursOn: today, postOn: today, years };
    };
    return {
      next: first ? { post_on: formatLocalDate(first.postOn), posts_at: runInstant(first.postOn, l.config.post_minute, program.tz).toISOString(), ...build(first.postOn, day) } : null,
      samples: {
        birthday: build(today, [sample('birthday', null, null)]),
        anniversary: build(today, [sample('anniversary', 3, null)]),
        custom: build(today, [sample('custom', 5, input.custom_title || 'Team founding day', input.custom_message ?? null)]),
      },
      ask: asJson(askForDatesMessage({ channelName: await this.calendar.channelName(auth.workspace.id, program.channel_id), requesterName: personName(auth.member), programId: program.id })),
      user_names: userNames,
    };
  }
}
