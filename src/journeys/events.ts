import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';
import { FLOW_TYPES } from './api-types.js';

const id = z.number().int().positive();
const source = z.enum(['slack', 'site', 'admin']);

/** Someone was enrolled: a session of a journey was created (manual, sandbox, enrolment rules …). */
export const journeySessionCreated = defineEvent(
  'journey.session_created',
  z.object({
    sessionId: id,
    tagId: id,
    /** The journey's flow type (reporting counts onboarding and other sessions apart); absent on events recorded before it was added. */
    flowType: z.enum(FLOW_TYPES).optional(),
    participantMemberId: id.nullable(),
    startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    source: z.string(),
    isSandbox: z.boolean(),
  }),
);

/** A session event went out (a message, task, poll, intro or post), in the transaction that queued it. */
export const journeyMessageSent = defineEvent(
  'journey.message_sent',
  z.object({
    sessionId: id,
    sessionEventId: id,
    eventId: id,
    tagId: id,
    kind: z.enum(['message', 'task', 'poll', 'intro', 'channel_post', 'cohort_message']),
    recipients: z.array(z.string()),
    manual: z.boolean(),
    /** The roles it reached: its recipient role and the roles an intro introduced (absent on older events and channel posts). */
    roleIds: z.array(id).optional(),
  }),
);

export const journeyTaskCompleted = defineEvent('journey.task_completed', z.object({ taskAssignmentId: id, sessionId: id, sessionEventId: id, memberId: id, source }));

export const journeyPollAnswered = defineEvent(
  'journey.poll_answered',
  z.object({ pollResponseId: id, sessionId: id, sessionEventId: id, memberId: id, answerIndex: z.number().int().min(0), source }),
);

/** What an attention item names so an admin can fix it (absent on events recorded before it was added). */
const about = {
  eventTitle: z.string().optional(),
  journeyName: z.string().optional(),
  flowType: z.enum(FLOW_TYPES).optional(),
};

/** A session event's recipient role had nobody in it when it was due: attention required. */
export const journeyRoleMissing = defineEvent('journey.role_missing', z.object({ sessionId: id, sessionEventId: id, tagId: id, roleId: id, roleName: z.string().optional(), ...about }));

/**
 * An intro was due and nobody was in any role it introduces: the participant's strategic connections were not
 * selected, so it was not sent (attention required until it goes out).
 */
export const journeyConnectionsMissing = defineEvent(
  'journey.connections_missing',
  z.object({ sessionId: id, sessionEventId: id, tagId: id, roleIds: z.array(id), roleNames: z.array(z.string()), ...about }),
);

/** A channel post was due and neither it nor its journey had a channel selected: not sent (attention required until it goes out). */
export const journeyChannelMissing = defineEvent('journey.channel_missing', z.object({ sessionId: id, sessionEventId: id, tagId: id, ...about }));

/** Every event of a session has been sent or skipped. */
export const journeySessionFinished = defineEvent('journey.session_finished', z.object({ sessionId: id, tagId: id, participantMemberId: id.nullable() }));

/**
 * A session event's message reached Slack and Slack refused it for good (its outbox row failed): attention required
 * until a retry delivers it. `code` is the cause (one issue per session and cause); `reason` says it in words.
 */
export const journeyDeliveryFailed = defineEvent(
  'journey.delivery_failed',
  z.object({ sessionId: id, sessionEventId: id, tagId: id, code: z.string(), reason: z.string(), recipientName: z.string().nullable(), ...about }),
);

/** A failed delivery of a session was tried again and delivered: the causes still failing in that session. */
export const journeyDeliveryRecovered = defineEvent('journey.delivery_recovered', z.object({ sessionId: id, tagId: id, stillFailing: z.array(z.string()) }));
