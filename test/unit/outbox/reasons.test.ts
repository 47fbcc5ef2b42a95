import { describe, expect, it } from 'vitest';
import { deliveryStatus, errorCode, errorDetail } from '../../../src/outbox/reasons.js';

describe('delivery status in words', () => {
  it('says Sent only for a row Slack accepted', () => {
    expect(deliveryStatus('sent', null).label).toBe('Sent');
    for (const state of ['pending', 'sending', 'unknown', 'failed'] as const) expect(deliveryStatus(state, 'channel_not_found').label).not.toBe('Sent');
  });

  it('names the channel Hearth was removed from, with a Try again', () => {
    expect(deliveryStatus('failed', 'not_in_channel', { channelName: 'onboarding' })).toEqual({
      label: 'Not sent',
      code: 'not_in_channel',
      reason: 'Hearth was removed from #onboarding. Add Hearth back to the channel, then try again.',
      canRetry: true,
    });
  });

  it('says a person cannot be found, without a Try again that cannot work', () => {
    expect(deliveryStatus('failed', 'user_not_found')).toMatchObject({ reason: "Slack can't find this person.", canRetry: false });
  });

  it('an unknown outcome is "Not confirmed": while it is looked for, never re-sent from here', () => {
    expect(deliveryStatus('unknown', 'timeout')).toMatchObject({ label: 'Not confirmed', code: 'outcome_unknown', canRetry: false });
  });

  it('an unknown outcome no longer looked for says what to check, with a Try again', () => {
    expect(deliveryStatus('unknown', 'outcome unknown (timeout); Slack refused the lookup: not_in_channel', { channelName: 'general' })).toEqual({
      label: 'Not confirmed',
      code: 'outcome_unknown',
      reason: "Hearth couldn't confirm its message reached #general: check the channel; Try again posts it again if it isn't there.",
      canRetry: true,
    });
  });

  it('an error it has no words for still says what Slack said', () => {
    expect(deliveryStatus('failed', 'fatal_error')).toMatchObject({ reason: 'Slack refused it (fatal_error).', canRetry: false });
  });

  it('a row waiting out a transient failure says so', () => {
    expect(deliveryStatus('pending', 'service_unavailable').reason).toMatch(/^Retrying: /);
    expect(deliveryStatus('pending', null).reason).toBeNull();
  });

  it('while it is still retrying, says so in the present, not how it would end', () => {
    expect(deliveryStatus('pending', 'service_unavailable').reason).toBe('Retrying: Slack is unavailable; Hearth keeps trying for up to a day.');
    expect(deliveryStatus('failed', 'service_unavailable').reason).toBe('Slack was unavailable for a day.');
    expect(deliveryStatus('sending', 'no_client').reason).not.toContain('for a day.');
    expect(deliveryStatus('pending', 'some_new_error').reason).toBe('Retrying: Slack didn’t answer; Hearth is trying again.');
  });

  it('names the missing permission Slack said was needed, in words, with how to get it', () => {
    expect(deliveryStatus('failed', 'missing_scope: chat:write')).toMatchObject({
      code: 'missing_scope',
      reason: 'Hearth needs Slack’s permission to send messages (chat:write) to do this. An admin needs to reinstall Hearth to grant it.',
      canRetry: true,
    });
    expect(deliveryStatus('failed', 'missing_scope: channels:manage,groups:write').reason).toBe(
      'Hearth needs Slack’s permission to create and manage public channels (channels:manage) or to create and manage private channels (groups:write) to do this. An admin needs to reinstall Hearth to grant it.',
    );
    expect(deliveryStatus('failed', 'missing_scope').reason).toBe('Hearth is missing a Slack permission. An admin needs to reinstall Hearth to grant it.');
  });

  it('says a message too large for Slack is, without a Try again that cannot work', () => {
    expect(deliveryStatus('failed', 'msg_blocks_too_long')).toMatchObject({ reason: 'The message’s content is too long for Slack. Shorten it.', canRetry: false });
    expect(deliveryStatus('failed', 'metadata_too_large')).toMatchObject({ reason: 'The data Hearth attaches to the message is too large for Slack.', canRetry: false });
  });

  it('reads the code at the start of a recorded error', () => {
    expect(errorCode('missing_scope: chat:write')).toBe('missing_scope');
    expect(errorDetail('missing_scope: chat:write')).toBe('chat:write');
    expect(errorDetail('channel_not_found')).toBeNull();
    expect(errorCode('not_installed')).toBe('not_installed');
    expect(errorCode('outcome unknown (timeout); not re-sent')).toBe('outcome_unknown');
    expect(errorCode(null)).toBeNull();
  });
});
