import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { pairingShowQuery } from './schema.js';
import { addDays, formatLocalDate, parseLocalDate, zonedToInstant } from '../time/zoned.js';
import type { PairingReport, PeopleMetJson, PersonJson, ReportPerson, ShareCardJson } from './api-types.js';
import { fairness } from './fairness.js';
import { coverage, longestWait, repeatRateByRound } from './pairing/index.js';
import type { CountersRepository } from './counters.repository.js';
import type { ReportsRepository } from './reports.repository.js';
import { type IntrosRepository } from './repository.js';
import { personJson, personName } from '../people/name.js';
import type { RoundsRepository } from './rounds.repository.js';
import type { IntrosService } from './service.js';

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Reporting on Intros: the pairing report, the people a member met, and a round's share card. */
export class ReportService {
  constructor(
    private readonly repo: IntrosRepository,
    private readonly rounds: RoundsRepository,
    private readonly counters: CountersRepository,
    private readonly reports: ReportsRepository,
    private readonly intros: IntrosService,
  ) {}

  /** GET /reporting/{id}/pairing_show: rounds between two local dates (inclusive), their groups and stats. */
  async pairingShow(auth: AuthContext, id: number, rawQuery: unknown): Promise<PairingReport> {
    const program = await this.intros.editable(auth, id);
    const q = parse(pairingShowQuery, rawQuery);
    const range = { start: q.start ?? q.start_date, end: q.end ?? q.end_date };
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

    const ws = program.workspace_id;
    const rounds = await this.rounds.sentBetween(program, from, to);
    const roundIds = rounds.map((r) => r.id);
    const [meetings, counts] = await Promise.all([this.repo.meetings(ws, roundIds), this.counters.ofRounds(ws, roundIds)]);
    const people = await this.repo.meetingMembers(ws, meetings.map((m) => m.id));

    const batches = rounds.map((r) => ({
      id: r.id,
      number: r.number,
      date: this.intros.today(program, r.scheduled_for),
      groups: meetings
        .filter((m) => m.round_id === r.id)
        .map((m) => ({
          id: m.id,
          members: (people.get(m.id) ?? []).map((p) => ({ id: p.id, name: personName(p), slack_user_id: p.slack_user_id })),
          state: m.state,
          reason: m.reason,
        })),
    }));

    // The counters (kept from the domain events) give the groups made and those that met; an outcome is known
    // once answered or once the round closed.
    const total = (key: 'groups_created' | 'met') => roundIds.reduce((n, id) => n + (counts.get(id)?.[key] ?? 0), 0);
    const met = total('met');
    const closed = new Set(rounds.filter((r) => r.closed_at !== null).map((r) => r.id));
    const decided = meetings.filter((m) => m.state !== 'cancelled' && (m.state !== 'pending' || closed.has(m.round_id)));
    const participants = [...new Set(meetings.flatMap((m) => (people.get(m.id) ?? []).map((p) => String(p.id))))];

    const history = await this.repo.history(program);
    const inWindow = new Set(rounds.map((r) => r.number));
    const perRound = repeatRateByRound(history).filter((r) => inWindow.has(r.round));
    const pairs = perRound.reduce((a, r) => a + r.pairs, 0);
    const repeats = perRound.reduce((a, r) => a + r.repeatPairs, 0);
    const metHistory = meetings.filter((m) => m.state === 'met').map((m) => ({ round: 0, members: (people.get(m.id) ?? []).map((p) => String(p.id)) }));
    const latest = rounds[0]?.number ?? 0;
    const upToLatest = history.filter((h) => h.round <= latest);
    const wait = longestWait(upToLatest, participants, latest);

    const windowRounds = rounds.map((r) => ({ number: r.number, leftOut: Array.isArray(r.left_out) ? r.left_out : [] }));
    const leftOutIds = windowRounds.flatMap((r) => r.leftOut.map((l) => l.member_id));
    const [categories, memberCategories] = await Promise.all([this.repo.categories(program), this.reports.categoryIds(ws, program.id, participants.map(Number))]);
    const fair = fairness({
      history: upToLatest,
      rounds: windowRounds,
      groups: meetings.filter((m) => m.state !== 'cancelled').map((m) => (people.get(m.id) ?? []).map((p) => String(p.id))),
      latestRound: latest,
      categories,
      memberCategories,
    });
    const named = new Map<number, ReportPerson>();
    for (const list of people.values()) for (const p of list) named.set(p.id, { id: p.id, name: personName(p), slack_user_id: p.slack_user_id });
    for (const p of await this.reports.people(ws, leftOutIds.filter((id) => !named.has(id)))) named.set(p.id, { id: p.id, name: personName(p), slack_user_id: p.slack_user_id });
    const person = (id: number): ReportPerson => named.get(id) ?? { id, name: 'Someone who left', slack_user_id: '' };

    return {
      batches,
      stats: {
        rounds: rounds.length,
        groups: total('groups_created'),
        met_rate: decided.length ? round3(met / decided.length) : 0,
        met,
        answered: decided.length,
        unanswered: meetings.filter((m) => m.state === 'pending' && !closed.has(m.round_id)).length,
        repeat_rate: pairs ? round3(repeats / pairs) : 0,
        lowest_repeat_rate: fair.lowestRepeatRate,
        coverage: round3(coverage(metHistory, participants)),
        longest_wait_rounds: wait?.roundsWaiting ?? 0,
        participants: participants.length,
      },
      fairness: {
        waits: fair.waits.map((w) => ({ member: person(w.memberId), rounds_waiting: w.roundsWaiting })),
        never_paired: fair.neverPaired.map((n) => ({ member: person(n.memberId), code: n.code, why: n.why })),
        left_out_by_cap: fair.leftOutByCap.map((c) => ({ member: person(c.memberId), rounds: c.rounds })),
        cross_team: fair.crossTeam && {
          mixed: fair.crossTeam.mixed,
          same_group: fair.crossTeam.sameGroup,
          unknown: fair.crossTeam.unknown,
          by_group: fair.crossTeam.byGroup.map((g) => ({ id: g.categoryId, name: g.name, intros: g.intros, mixed: g.mixed })),
        },
      },
      maxPairsInBatch: Math.max(0, ...batches.map((b) => b.groups.length)),
      start,
      end,
    };
  }

  /** GET /coffee/show_people_met_as_json: people the signed-in member was introduced to, most recent first. */
  async peopleMet(auth: AuthContext): Promise<PeopleMetJson> {
    const [mine, channels] = await Promise.all([this.reports.groupedWith(auth.workspace.id, auth.member.id), this.repo.channelNames(auth.workspace.id)]);
    const byPerson = new Map<number, { person: PersonJson; times_met: number; times_grouped: number; last: Date | null; lastTz: string; programs: Set<string> }>();
    for (const row of mine) {
      let e = byPerson.get(row.id);
      if (!e) byPerson.set(row.id, (e = { person: personJson(row), times_met: 0, times_grouped: 0, last: null, lastTz: row.tz, programs: new Set() }));
      e.times_grouped++;
      e.programs.add(`#${channels.get(row.channel_id) ?? row.channel_id}`);
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
        last_met_on: e.last ? this.intros.today({ tz: e.lastTz }, e.last) : null,
        programs: [...e.programs].sort(),
      }))
      .sort((a, b) => (b.last_met_on ?? '').localeCompare(a.last_met_on ?? '') || b.times_grouped - a.times_grouped || a.name.localeCompare(b.name));
    return { people, total: people.length };
  }

  /** POST /share/{id}/preload: a round's share card. */
  async sharePreload(auth: AuthContext, roundId: number): Promise<ShareCardJson> {
    const round = await this.rounds.round(auth.workspace.id, roundId);
    if (!round) throw new HttpError(404, 'Not found');
    // A round's figures are its program's report: its owner, editors and workspace admins (as pairing_show).
    const program = await this.intros.editable(auth, round.program_id);
    const meetings = await this.reports.shareMeetings(auth.workspace.id, round.id);
    const numParticipants = await this.reports.distinctPeople(auth.workspace.id, meetings.map((m) => m.id));
    const firstTime = meetings.filter((m) => (m.reason_detail as { kind?: string }).kind === 'first_time').length;
    const channel = `#${await this.intros.channelName(program)}`;
    const share = meetings.length ? round3(firstTime / meetings.length) : 0;
    return {
      round: { id: round.id, program_id: program.id, date: this.intros.today(program, round.scheduled_for), channel },
      num_groups: meetings.length,
      num_participants: numParticipants,
      num_first_time_groups: firstTime,
      first_time_share: share,
      text: meetings.length
        ? `${meetings.length} ${meetings.length === 1 ? 'intro' : 'intros'} made in ${channel} this round — ${Math.round(share * 100)}% of them first-time meetings!`
        : `No intros were made in ${channel} this round.`,
    };
  }
}
