import { sql, type Insertable } from 'kysely';
import { personNameSql } from '../people/repository.js';
import type { Db, Executor, Trx } from '../db/index.js';
import type { Member } from '../db/types.js';
import type { Flow, StartDateRule } from './api-types.js';
import type {
  Enrollment,
  EnrollmentBatch,
  EnrollmentBatchesTable,
  EnrollmentRule,
  EnrollmentRulesTable,
  EnrollmentsTable,
  EnrollmentSurvey,
  EnrollmentSurveySubmission,
  EnrollmentHrMappingsTable,
} from './tables.js';

/** The SQL of enrollment. Every method takes the workspace id and scopes by it. */
export class EnrollmentRepository {
  constructor(private readonly db: Db) {}

  // ---- batches and enrollments

  insertBatch(ex: Executor, values: Insertable<EnrollmentBatchesTable>): Promise<EnrollmentBatch> {
    return ex.insertInto('enrollment_batches').values(values).returningAll().executeTakeFirstOrThrow();
  }

  batch(workspaceId: number, id: number, ex: Executor = this.db): Promise<EnrollmentBatch | undefined> {
    return ex.selectFrom('enrollment_batches').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  lockBatch(trx: Trx, workspaceId: number, id: number): Promise<EnrollmentBatch | undefined> {
    return trx.selectFrom('enrollment_batches').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async finishBatch(ex: Executor, workspaceId: number, id: number, values: { status: 'success' | 'error'; error: string | null; sessions_created?: number; sessions_updated?: number; sessions_deleted?: number; finished_at: Date }): Promise<void> {
    await ex.updateTable('enrollment_batches').set(values).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  batches(workspaceId: number, filter: { flow: Flow; tagId?: number }, limit = 100): Promise<Array<EnrollmentBatch & { created_by: string | null }>> {
    let q = this.db
      .selectFrom('enrollment_batches as b')
      .leftJoin('members as m', 'm.id', 'b.created_by_member_id')
      .selectAll('b')
      .select('m.real_name as created_by')
      .where('b.workspace_id', '=', workspaceId)
      .where('b.flow', '=', filter.flow);
    if (filter.tagId !== undefined) q = q.where('b.tag_id', '=', filter.tagId);
    return q.orderBy('b.id', 'desc').limit(limit).execute();
  }

  async insertEnrollments(ex: Executor, rows: Array<Insertable<EnrollmentsTable>>): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) await ex.insertInto('enrollments').values(rows.slice(i, i + 1000)).execute();
  }

  insertEnrollmentsReturning(trx: Trx, rows: Array<Insertable<EnrollmentsTable>>): Promise<Enrollment[]> {
    return trx.insertInto('enrollments').values(rows).returningAll().execute();
  }

  enrollmentsOfBatch(workspaceId: number, batchId: number): Promise<Array<Enrollment & { tag_name: string; member_name: string | null; slack_user_id: string | null }>> {
    return this.db
      .selectFrom('enrollments as e')
      .innerJoin('journey_tags as t', 't.id', 'e.tag_id')
      .leftJoin('members as m', 'm.id', 'e.member_id')
      .selectAll('e')
      .select(['t.name as tag_name', 'm.real_name as member_name', 'm.slack_user_id'])
      .where('e.workspace_id', '=', workspaceId)
      .where('e.batch_id', '=', batchId)
      .orderBy('e.id')
      .execute();
  }

  /** Enrollments waiting for this email's owner to join Slack, locked. */
  /** Who joined a journey themselves (self-enroll, not the admins' test runs), latest first. */
  selfEnrolled(workspaceId: number, tagId: number) {
    return this.db
      .selectFrom('enrollments as e')
      .leftJoin('members as m', 'm.id', 'e.member_id')
      .leftJoin('journey_sessions as s', 's.id', 'e.session_id')
      .select(['e.member_id', 'e.start_date', 'e.created_at', 'm.slack_user_id', personNameSql('m').$castTo<string | null>().as('member_name')])
      .where('e.workspace_id', '=', workspaceId)
      .where('e.tag_id', '=', tagId)
      .where('e.source', '=', 'self')
      .where('e.state', '=', 'enrolled')
      .where((eb) => eb.or([eb('s.is_sandbox', 'is', null), eb('s.is_sandbox', '=', false)]))
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(200)
      .execute();
  }

  pendingFor(trx: Trx, workspaceId: number, email: string): Promise<Enrollment[]> {
    return trx
      .selectFrom('enrollments')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('state', '=', 'pending')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  async markEnrolled(trx: Trx, workspaceId: number, id: number, sessionId: number, memberId: number): Promise<void> {
    await trx.updateTable('enrollments').set({ state: 'enrolled', session_id: sessionId, member_id: memberId, reason: null }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  async markFailed(trx: Trx, workspaceId: number, id: number, reason: string): Promise<void> {
    await trx.updateTable('enrollments').set({ state: 'failed', reason }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  // ---- members

  membersByEmails(workspaceId: number, emails: string[], ex: Executor = this.db): Promise<Member[]> {
    if (!emails.length) return Promise.resolve([]);
    return ex
      .selectFrom('members')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('deleted', '=', false)
      .where('is_bot', '=', false)
      .where(sql<string>`lower(email)`, 'in', emails.map((e) => e.toLowerCase()))
      .execute();
  }

  member(workspaceId: number, id: number, ex: Executor = this.db): Promise<Member | undefined> {
    return ex.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  members(workspaceId: number, ids: number[], ex: Executor = this.db): Promise<Member[]> {
    if (!ids.length) return Promise.resolve([]);
    return ex.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  }

  memberBySlackId(workspaceId: number, slackUserId: string, ex: Executor = this.db): Promise<Member | undefined> {
    return ex.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('slack_user_id', '=', slackUserId).executeTakeFirst();
  }

  membersBySlackIds(workspaceId: number, slackUserIds: string[], ex: Executor = this.db): Promise<Member[]> {
    if (!slackUserIds.length) return Promise.resolve([]);
    return ex.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('slack_user_id', 'in', slackUserIds).where('deleted', '=', false).where('is_bot', '=', false).execute();
  }

  /** The manager a member set on their profile (member data, read only). */
  async managerId(workspaceId: number, memberId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('member_relationships')
      .select('related_member_id')
      .where('workspace_id', '=', workspaceId)
      .where('member_id', '=', memberId)
      .where('kind', '=', 'manager')
      .executeTakeFirst();
    return row?.related_member_id;
  }

  // ---- settings, rules, HR mappings

  async settings(workspaceId: number, ex: Executor = this.db) {
    const row = await ex.selectFrom('enrollment_settings').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
    return row ?? { workspace_id: workspaceId, enrollment_source: 'none' as const, default_tag_ids: [] as number[], workspace_join_tag_ids: [] as number[], updated_at: null };
  }

  async saveSettings(trx: Trx, workspaceId: number, values: { enrollment_source?: 'none' | 'auto_enroll' | 'rules'; default_tag_ids?: number[]; workspace_join_tag_ids?: number[] }, now: Date): Promise<void> {
    const json = {
      ...(values.enrollment_source ? { enrollment_source: values.enrollment_source } : {}),
      ...(values.default_tag_ids ? { default_tag_ids: JSON.stringify(values.default_tag_ids) } : {}),
      ...(values.workspace_join_tag_ids ? { workspace_join_tag_ids: JSON.stringify(values.workspace_join_tag_ids) } : {}),
    };
    await trx
      .insertInto('enrollment_settings')
      .values({ workspace_id: workspaceId, default_tag_ids: '[]', workspace_join_tag_ids: '[]', ...json, updated_at: now })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ ...json, updated_at: now }))
      .execute();
  }

  rules(workspaceId: number, ex: Executor = this.db): Promise<EnrollmentRule[]> {
    return ex.selectFrom('enrollment_rules').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
  }

  async replaceRules(trx: Trx, workspaceId: number, rows: Array<Insertable<EnrollmentRulesTable>>): Promise<void> {
    await trx.deleteFrom('enrollment_rules').where('workspace_id', '=', workspaceId).execute();
    if (rows.length) await trx.insertInto('enrollment_rules').values(rows).execute();
  }

  hrMappings(workspaceId: number, ex: Executor = this.db) {
    return ex.selectFrom('enrollment_hr_mappings').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
  }

  async replaceHrMappings(trx: Trx, workspaceId: number, rows: Array<Insertable<EnrollmentHrMappingsTable>>): Promise<void> {
    await trx.deleteFrom('enrollment_hr_mappings').where('workspace_id', '=', workspaceId).execute();
    if (rows.length) await trx.insertInto('enrollment_hr_mappings').values(rows).execute();
  }

  // ---- auto-enroll channels

  autoChannels(workspaceId: number, tagId: number) {
    return this.db
      .selectFrom('enrollment_auto_channels as a')
      .leftJoin('channels as c', (j) => j.onRef('c.workspace_id', '=', 'a.workspace_id').onRef('c.channel_id', '=', 'a.channel_id'))
      .select(['a.channel_id', 'a.start_date_rule', 'c.name'])
      .where('a.workspace_id', '=', workspaceId)
      .where('a.tag_id', '=', tagId)
      .orderBy('a.created_at')
      .execute();
  }

  async replaceAutoChannels(trx: Trx, workspaceId: number, tagId: number, rows: Array<{ channel_id: string; start_date_rule: StartDateRule }>, now: Date): Promise<void> {
    await trx.deleteFrom('enrollment_auto_channels').where('workspace_id', '=', workspaceId).where('tag_id', '=', tagId).execute();
    if (rows.length) await trx.insertInto('enrollment_auto_channels').values(rows.map((r) => ({ ...r, workspace_id: workspaceId, tag_id: tagId, created_at: now }))).execute();
  }

  /** The journeys a channel enrols into when someone joins it. */
  autoChannelTags(workspaceId: number, channelId: string, ex: Executor = this.db): Promise<Array<{ tag_id: number; start_date_rule: StartDateRule }>> {
    return ex.selectFrom('enrollment_auto_channels').select(['tag_id', 'start_date_rule']).where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).orderBy('tag_id').execute();
  }

  // ---- surveys

  survey(workspaceId: number, id: number, ex: Executor = this.db): Promise<EnrollmentSurvey | undefined> {
    return ex.selectFrom('enrollment_surveys').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  surveysOf(workspaceId: number, tagId: number): Promise<EnrollmentSurvey[]> {
    return this.db.selectFrom('enrollment_surveys').selectAll().where('workspace_id', '=', workspaceId).where('tag_id', '=', tagId).orderBy('id').execute();
  }

  /** Each survey of a journey: how often and when last it was shared to Slack, and how many answers came back. */
  surveyActivity(workspaceId: number, tagId: number): Promise<Array<{ survey_id: number; shares: number; last_shared_at: Date | null; responses: number }>> {
    return this.db
      .selectFrom('enrollment_surveys as v')
      .select((eb) => [
        'v.id as survey_id',
        eb.selectFrom('enrollment_survey_shares as sh').select((x) => x.fn.countAll<number>().as('n')).whereRef('sh.survey_id', '=', 'v.id').as('shares'),
        eb.selectFrom('enrollment_survey_shares as sh').select((x) => x.fn.max('sh.created_at').as('at')).whereRef('sh.survey_id', '=', 'v.id').as('last_shared_at'),
        eb.selectFrom('enrollment_survey_submissions as su').select((x) => x.fn.countAll<number>().as('n')).whereRef('su.survey_id', '=', 'v.id').as('responses'),
      ])
      .where('v.workspace_id', '=', workspaceId)
      .where('v.tag_id', '=', tagId)
      .execute() as Promise<Array<{ survey_id: number; shares: number; last_shared_at: Date | null; responses: number }>>;
  }

  insertSurvey(ex: Executor, values: { workspace_id: number; tag_id: number; name: string; role_surveys: string; created_at: Date; updated_at: Date }): Promise<EnrollmentSurvey> {
    return ex.insertInto('enrollment_surveys').values(values).returningAll().executeTakeFirstOrThrow();
  }

  updateSurvey(ex: Executor, workspaceId: number, id: number, values: { name: string; role_surveys: string; updated_at: Date }): Promise<EnrollmentSurvey | undefined> {
    return ex.updateTable('enrollment_surveys').set(values).where('workspace_id', '=', workspaceId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  insertShare(ex: Executor, values: { workspace_id: number; survey_id: number; start_date: string; created_by_member_id: number; created_at: Date }) {
    return ex.insertInto('enrollment_survey_shares').values(values).returningAll().executeTakeFirstOrThrow();
  }

  share(workspaceId: number, id: number, ex: Executor = this.db) {
    return ex.selectFrom('enrollment_survey_shares').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  /** A person's answer to a share, once: a second answer finds the first (undefined). */
  insertSubmission(trx: Trx, values: { workspace_id: number; survey_id: number; share_id: number; member_id: number; role_id: number; answers: string; created_at: Date }): Promise<EnrollmentSurveySubmission | undefined> {
    return trx.insertInto('enrollment_survey_submissions').values(values).onConflict((oc) => oc.columns(['share_id', 'member_id']).doNothing()).returningAll().executeTakeFirst();
  }

  async setSubmissionSession(trx: Trx, workspaceId: number, id: number, sessionId: number): Promise<void> {
    await trx.updateTable('enrollment_survey_submissions').set({ session_id: sessionId }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  submissions(workspaceId: number, surveyId: number, ex: Executor = this.db): Promise<Array<EnrollmentSurveySubmission & { member_name: string; slack_user_id: string }>> {
    return ex
      .selectFrom('enrollment_survey_submissions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .selectAll('s')
      .select(['m.real_name as member_name', 'm.slack_user_id'])
      .where('s.workspace_id', '=', workspaceId)
      .where('s.survey_id', '=', surveyId)
      .orderBy('s.id')
      .execute();
  }

  async setMatch(trx: Trx, workspaceId: number, surveyId: number, id: number, matchedId: number | null): Promise<boolean> {
    const r = await trx.updateTable('enrollment_survey_submissions').set({ matched_submission_id: matchedId }).where('workspace_id', '=', workspaceId).where('survey_id', '=', surveyId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
