import type { ChannelProgram } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { addDays, formatLocalDate, instantToZoned, parseLocalDate, zonedToInstant } from '../time/zoned.js';
import { coverage, longestWait, repeatRateByRound } from './pairing/index.js';
import { nameOf } from './repository.js';
import { personJson, type IntrosService, type PersonJson } from './service.js';
import type { MeetingState } from './tables.js';

export interface PairingShowJson {
  batches: Array<{ id: number; number: number; date: string; groups: Array<{ id: number; members: Array<{ id: number; name: string; slack_user_id: string }>; state: MeetingState; reason: string }> }>;
  stats: { rounds: number; groups: number; met_rate: number; repeat_rate: number; coverage: number; longest_wait_rounds: number; participants: number };
  maxPairsInBatch: number;
  start: string;
  end: string;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Reporting on Intros: the pairing report, the people a member met, and a round's share card. */
export class ReportService {
  constructor(private readonly intros: IntrosService) {}

  private get db() {
    return this.intros.db;
  }

  /** GET /reporting/{id}/pairing_show: rounds between two local dates (inclusive), their groups and stats. */
  async pairingShow(program: ChannelProgram, range: { start?: string; end?: string }): Promise<PairingShowJson> {
    const today = this.intros.today(program);
    const end = range.end ?? today;
    const start = range.start ?? formatLocalDate(addDays(parseLocalDate(end), -90));
    let from, to;
    try {
      from = zonedToInstant(parseLocalDate(start), 0, program.tz);
      to = zonedToInstant(addDays(parseLocalDate(end), 1), 0, program.tz);
    } catch {
      throw new HttpError(400, 'start: not a date', { start: 'not a date' });
    }
    if (from > to) throw new HttpError(400, 'start: must not be after end', { start: 'must not be after end' });

    const rounds = await this.db
      .selectFrom('intros_rounds')
      .selectAll()
      .where('program_id', '=', program.id)
      .where('state', '=', 'sent')
      .where('scheduled_for', '>=', from)
      .where('scheduled_for', '<', to)
      .orderBy('scheduled_for', 'desc')
      .execute();
    const meetings = rounds.length
      ? await this.db.selectFrom('intros_meetings').selectAll().where('round_id', 'in', rounds.map((r) => r.id)).orderBy('group_index').execute()
      : [];
    const people = await this.intros.repo.meetingMembers(meetings.map((m) => m.id));

    const batches = rounds.map((r) => ({
      id: r.id,
      number: r.number,
      date: formatLocalDate(instantToZoned(r.scheduled_for, program.tz).date),
      groups: meetings
        .filter((m) => m.round_id === r.id)
        .map((m) => ({
          id: m.id,
          members: (people.get(m.id) ?? []).map((p) => ({ id: p.id, name: nameOf(p), slack_user_id: p.slack_user_id })),
          state: m.state,
          reason: m.reason,
        })),
    }));

    // Outcomes are known once answered or once the round closed.
    const closed = new Set(rounds.filter((r) => r.closed_at !== null).map((r) => r.id));
    const decided = meetings.filter((m) => m.state !== 'cancelled' && (m.state !== 'pending' || closed.has(m.round_id)));
    const met = meetings.filter((m) => m.state === 'met');
    const participants = [...new Set(meetings.flatMap((m) => (people.get(m.id) ?? []).map((p) => String(p.id))))];

    const history = await this.intros.repo.history(program.id);
    const inWindow = new Set(rounds.map((r) => r.number));
    const perRound = repeatRateByRound(history).filter((r) => inWindow.has(r.round));
    const pairs = perRound.reduce((a, r) => a + r.pairs, 0);
    const repeats = perRound.reduce((a, r) => a + r.repeatPairs, 0);
    const metHistory = met.map((m) => ({ round: 0, members: (people.get(m.id) ?? []).map((p) => String(p.id)) }));
    const latest = rounds[0]?.number ?? 0;
    const wait = longestWait(
      history.filter((h) => h.round <= latest),
      participants,
      latest,
    );

    return {
      batches,
      stats: {
        rounds: rounds.length,
        groups: meetings.length,
        met_rate: decided.length ? round3(met.length / decided.length) : 0,
        repeat_rate: pairs ? round3(repeats / pairs) : 0,
        coverage: round3(coverage(metHistory, participants)),
        longest_wait_rounds: wait?.roundsWaiting ?? 0,
        participants: participants.length,
      },
      maxPairsInBatch: Math.max(0, ...batches.map((b) => b.groups.length)),
      start,
      end,
    };
  }

  /** GET /coffee/show_people_met_as_json: people the signed-in member was introduced to, most recent first. */
  async peopleMet(auth: AuthContext): Promise<{ people: Array<PersonJson & { times_met: number; times_grouped: number; last_met_on: string | null; programs: string[] }>; total: number }> {
    const mine = await this.db
      .selectFrom('intros_meeting_members as me')
      .innerJoin('intros_meetings as mt', 'mt.id', 'me.meeting_id')
      .innerJoin('intros_rounds as r', 'r.id', 'mt.round_id')
      .innerJoin('channel_programs as p', 'p.id', 'mt.program_id')
      .innerJoin('intros_meeting_members as other', (j) => j.onRef('other.meeting_id', '=', 'mt.id').onRef('other.member_id', '!=', 'me.member_id'))
      .innerJoin('members as m', 'm.id', 'other.member_id')
      .selectAll('m')
      .select(['mt.state', 'r.scheduled_for', 'p.tz', 'p.channel_id'])
      .where('me.member_id', '=', auth.member.id)
      .where('mt.workspace_id', '=', auth.workspace.id)
      .where('mt.state', '!=', 'cancelled')
      .execute();
    const channels = await this.db.selectFrom('channels').select(['channel_id', 'name']).where('workspace_id', '=', auth.workspace.id).execute();
    const byPerson = new Map<number, { person: PersonJson; times_met: number; times_grouped: number; last: Date | null; lastTz: string; programs: Set<string> }>();
    for (const row of mine) {
      let e = byPerson.get(row.id);
      if (!e) byPerson.set(row.id, (e = { person: personJson(row), times_met: 0, times_grouped: 0, last: null, lastTz: row.tz, programs: new Set() }));
      e.times_grouped++;
      e.programs.add(`#${channels.find((c) => c.channel_id === row.channel_id)?.name ?? row.channel_id}`);
      if (row.state === 'met') {
        e.times_met++;
        if (!e.last || row.scheduled_for > e.last) {
          e.last = row.scheduled_for;
          e.lastTz = row.tz;
        }
      }
    }
    const people = [...byPerson.values()]
      .map((e) => ({
        ...e.person,
        times_met: e.times_met,
        times_grouped: e.times_grouped,
        last_met_on: e.last ? formatLocalDate(instantToZoned(e.last, e.lastTz).date) : null,
        programs: [...e.programs].sort(),
      }))
      .sort((a, b) => (b.last_met_on ?? '').localeCompare(a.last_met_on ?? '') || b.times_grouped - a.times_grouped || a.name.localeCompare(b.name));
    return { people, total: people.length };
  }

  /** POST /share/{id}/preload: a round's share card. */
  async sharePreload(auth: AuthContext, roundId: number) {
    const round = await this.db.selectFrom('intros_rounds').selectAll().where('id', '=', roundId).where('workspace_id', '=', auth.workspace.id).executeTakeFirst();
    if (!round) throw new HttpError(404, 'Not found');
    const program = await this.intros.s.programs.get(auth.workspace.id, round.program_id, 'CoffeeConfiguration');
    const meetings = await this.db.selectFrom('intros_meetings').select(['id', 'reason_detail']).where('round_id', '=', round.id).where('state', '!=', 'cancelled').execute();
    const people = await this.db
      .selectFrom('intros_meeting_members')
      .select((eb) => eb.fn.count<number>('member_id').distinct().as('n'))
      .where('meeting_id', 'in', meetings.length ? meetings.map((m) => m.id) : [0])
      .executeTakeFirstOrThrow();
    const firstTime = meetings.filter((m) => (m.reason_detail as { kind?: string }).kind === 'first_time').length;
    const channel = `#${await this.intros.repo.channelName(program.workspace_id, program.channel_id)}`;
    const share = meetings.length ? round3(firstTime / meetings.length) : 0;
    return {
      round: { id: round.id, program_id: program.id, date: formatLocalDate(instantToZoned(round.scheduled_for, program.tz).date), channel },
      num_groups: meetings.length,
      num_participants: Number(people.n),
      num_first_time_groups: firstTime,
      first_time_share: share,
      text: meetings.length
        ? `${meetings.length} ${meetings.length === 1 ? 'intro' : 'intros'} made in ${channel} this round — ${Math.round(share * 100)}% of them first-time meetings!`
        : `No intros were made in ${channel} this round.`,
    };
  }
}
