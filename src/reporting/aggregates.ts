import { celebrationPosted } from '../celebrations/events.js';
import { introAnswerWithdrawn, introGroupCreated, introMet, introNotMet } from '../intros/events.js';
import {
  journeyChannelMissing,
  journeyConnectionsMissing,
  journeyDeliveryFailed,
  journeyDeliveryRecovered,
  journeyMessageSent,
  journeyPollAnswered,
  journeyRoleMissing,
  journeySessionCreated,
  journeySessionFinished,
  journeyTaskCompleted,
} from '../journeys/events.js';
import type { Subscriber } from '../platform/events/define.js';
import { rewardRedeemed, shoutoutGiven } from '../points/events.js';
import { programCreated, programPaused, programResumed } from '../programs/events.js';
import { promptPosted, replied } from '../watercooler/events.js';
import type { Outbox } from '../outbox/service.js';
import { feedbackMessage } from './blocks.js';
import { channelText, connectionsText, deliveryFailedText, missingRoleText } from './issues.js';
import type { ReportingRepository } from './repository.js';
import { bucketOf, dayOf } from './stats.js';

/**
 * Reporting's one subscriber: keeps the daily aggregates (what each stat counts is defined in API.md, "The stats"), the sessions and the open tasks and polls from the
 * domain events, and opens and closes the issues journeys report (missing_role, strategic_connections_not_selected,
 * channels_not_selected: opened when a session event was skipped for want of people or a channel, closed when it,
 * or a later event reaching that role, goes out; delivery_failed: opened when Slack refused a session's message for
 * good, one per session and cause, closed when retries have delivered every message that failed for that cause). Runs in the transaction that moves its cursor; besides that,
 * `claimSeq` skips an event whose seq the aggregates already include, so a replay (a renamed cursor, a
 * redelivery) never counts twice.
 */
/** One delivery_failed issue per session and cause. */
const deliveryIssueKey = (sessionId: number, code: string) => `delivery_failed:${sessionId}:${code}`;

export function reportingAggregates(repo: ReportingRepository, outbox: Pick<Outbox, 'add'>): Subscriber {
  return {
    name: 'reporting.aggregates',
    events: [
      journeySessionCreated,
      journeySessionFinished,
      journeyMessageSent,
      journeyTaskCompleted,
      journeyPollAnswered,
      journeyRoleMissing,
      journeyConnectionsMissing,
      journeyChannelMissing,
      journeyDeliveryFailed,
      journeyDeliveryRecovered,
      introGroupCreated,
      introMet,
      introNotMet,
      introAnswerWithdrawn,
      programCreated,
      programPaused,
      programResumed,
      celebrationPosted,
      promptPosted,
      replied,
      shoutoutGiven,
      rewardRedeemed,
    ],
    async handle(e, trx) {
      const ws = e.workspaceId;
      if (!(await repo.claimSeq(trx, ws, e.seq))) return;
      const day = dayOf(e.occurredAt);
      const add = (stat: string, delta: number, tagId = 0) => repo.addDaily(trx, ws, stat, tagId, day, delta);
      const active = (key: string) => repo.markActive(trx, ws, day, key, { weekly: bucketOf(day, 'weekly'), monthly: bucketOf(day, 'monthly') });

      if (journeySessionCreated.is(e)) {
        const p = journeySessionCreated.parse(e.payload);
        // A test run (self_test) is an admin trying the journey out: no stat counts it and it raises no issue, so
        // it is not recorded, and the events of its session below find no session and are passed over.
        if (p.isSandbox) return;
        if (!(await repo.addSession(trx, { workspace_id: ws, session_id: p.sessionId, tag_id: p.tagId, participant_member_id: p.participantMemberId }))) return;
        // Sessions recorded before events carried the flow type were all counted as onboarding.
        await add(!p.flowType || p.flowType === 'onboarding' ? 'onboarding_sessions_created' : 'nonboarding_sessions_created', 1, p.tagId);
        if (p.participantMemberId) await add('active_session_members', 1, p.tagId);
        // A journey is an active program while it has a session running: its first one starts it.
        if ((await repo.runningSessions(trx, ws, p.tagId)) === 1) await add('active_programs', 1, p.tagId);
        return;
      }
      if (journeySessionFinished.is(e)) {
        const p = journeySessionFinished.parse(e.payload);
        const was = await repo.finishSession(trx, ws, p.sessionId);
        if (!was) return;
        if (was.participant_member_id) await add('active_session_members', -1, was.tag_id);
        if ((await repo.runningSessions(trx, ws, was.tag_id)) === 0) await add('active_programs', -1, was.tag_id);
        return;
      }
      if (journeyMessageSent.is(e)) {
        const p = journeyMessageSent.parse(e.payload);
        const session = await repo.session(trx, ws, p.sessionId);
        if (!session) return;
        // The participant takes part in their journey on each day one of its messages reaches them.
        if (session.participant_member_id && p.recipients.includes((await repo.slackIdOf(trx, ws, session.participant_member_id)) ?? '')) await active(`m:${session.participant_member_id}`);
        // It went out: the issues that kept it from going out are settled, and so is any role it reached.
        await repo.closeIssues(trx, ws, {
          sessionEventId: p.sessionEventId,
          types: ['missing_role', 'strategic_connections_not_selected', 'channels_not_selected'],
          keys: (p.roleIds ?? []).map((roleId) => `missing_role:${p.sessionId}:${roleId}`),
        });
        if (p.kind !== 'task' && p.kind !== 'poll') return;
        const n = p.recipients.length;
        await add(p.kind === 'task' ? 'task_assignments_sent' : 'polls_sent', n, p.tagId);
        await repo.openItem(trx, { workspace_id: ws, session_event_id: p.sessionEventId, kind: p.kind, session_id: p.sessionId, tag_id: p.tagId, expected: n, sent_at: e.occurredAt });
        return;
      }
      if (journeyTaskCompleted.is(e) || journeyPollAnswered.is(e)) {
        const task = journeyTaskCompleted.is(e);
        const p = task ? journeyTaskCompleted.parse(e.payload) : journeyPollAnswered.parse(e.payload);
        const session = await repo.session(trx, ws, p.sessionId);
        if (!session) return;
        await add(task ? 'task_assignments_completed' : 'poll_interactions_completed', 1, session.tag_id);
        await repo.itemDone(trx, ws, p.sessionEventId);
        await active(`m:${p.memberId}`);
        return;
      }
      if (journeyDeliveryRecovered.is(e)) {
        const p = journeyDeliveryRecovered.parse(e.payload);
        await repo.closeDeliveryIssues(trx, ws, p.sessionId, p.stillFailing.map((code) => deliveryIssueKey(p.sessionId, code)));
        return;
      }
      if (journeyRoleMissing.is(e) || journeyConnectionsMissing.is(e) || journeyChannelMissing.is(e) || journeyDeliveryFailed.is(e)) {
        const opened = journeyDeliveryFailed.is(e)
          ? ((p) => ({ p, key: deliveryIssueKey(p.sessionId, p.code), type: 'delivery_failed' as const, text: deliveryFailedText(p) }))(journeyDeliveryFailed.parse(e.payload))
          : journeyRoleMissing.is(e)
          ? ((p) => ({ p, key: `missing_role:${p.sessionId}:${p.roleId}`, type: 'missing_role' as const, text: missingRoleText(p) }))(journeyRoleMissing.parse(e.payload))
          : journeyConnectionsMissing.is(e)
            ? ((p) => ({ p, key: `strategic_connections_not_selected:${p.sessionEventId}`, type: 'strategic_connections_not_selected' as const, text: connectionsText(p) }))(journeyConnectionsMissing.parse(e.payload))
            : ((p) => ({ p, key: `channels_not_selected:${p.sessionEventId}`, type: 'channels_not_selected' as const, text: channelText(p) }))(journeyChannelMissing.parse(e.payload));
        const { p } = opened;
        const s = await repo.session(trx, ws, p.sessionId);
        if (!s) return;
        await repo.openIssue(trx, {
          workspace_id: ws,
          issue_key: opened.key,
          issue_type: opened.type,
          session_id: p.sessionId,
          tag_id: p.tagId,
          member_id: s.participant_member_id,
          session_event_id: p.sessionEventId,
          ...opened.text,
          occurred_at: e.occurredAt,
        });
        return;
      }
      if (introGroupCreated.is(e)) {
        const p = introGroupCreated.parse(e.payload);
        await repo.addIntroGroup(trx, { workspace_id: ws, meeting_id: p.meetingId, program_id: p.programId, round_id: p.roundId, member_ids: p.memberIds, occurred_at: e.occurredAt });
        return;
      }
      if (introMet.is(e) || introNotMet.is(e)) {
        const met = introMet.is(e);
        const p = (met ? introMet : introNotMet).parse(e.payload);
        await add('coffee_meetings_completed', (met ? 1 : 0) - (p.replaces === 'met' ? 1 : 0));
        await repo.setIntroMet(trx, ws, p.meetingId, met);
        if (!met) return;
        await active(`m:${p.memberId}`);
        // Feedback is asked once per meeting and member, after they said they met (an editor's answer asks nobody).
        if (p.replaces) return;
        const slackId = await repo.slackIdOf(trx, ws, p.memberId);
        if (slackId)
          await outbox.add(trx, [
            { workspaceId: ws, key: `reporting.feedback:${p.meetingId}:${p.memberId}`, kind: 'reporting-feedback', method: 'dm.post', args: { users: [slackId], ...feedbackMessage(p) } },
          ]);
        return;
      }
      if (introAnswerWithdrawn.is(e)) {
        const p = introAnswerWithdrawn.parse(e.payload);
        if (p.outcome !== 'met') return;
        await add('coffee_meetings_completed', -1);
        await repo.setIntroMet(trx, ws, p.meetingId, false);
        return;
      }
      if (programCreated.is(e) || programResumed.is(e)) return add('active_programs', 1);
      if (programPaused.is(e)) return add('active_programs', -1);
      if (celebrationPosted.is(e)) return add('celebration_events_sent', 1);
      if (promptPosted.is(e)) return add('watercooler_prompt_events_sent', 1);
      if (replied.is(e)) {
        // Active users are members (the key every other event uses): the replier's Slack id is looked up.
        const memberId = await repo.memberIdOf(trx, ws, replied.parse(e.payload).slackUserId);
        if (memberId) await active(`m:${memberId}`);
        return;
      }
      if (shoutoutGiven.is(e)) return active(`m:${shoutoutGiven.parse(e.payload).giverId}`);
      if (rewardRedeemed.is(e)) return active(`m:${rewardRedeemed.parse(e.payload).memberId}`);
    },
  };
}
