import { describe, expect, it } from 'vitest';
import { type SandboxFault, takeFault } from '../../../src/sandbox/faults.js';

describe('fault queue', () => {
  it('hands each fault to the first matching call only, in order', () => {
    const queue: SandboxFault[] = [
      { method: 'chat.postMessage', kind: 'timeout' },
      { method: 'chat.postMessage', kind: 'http_500' },
    ];
    expect(takeFault(queue, { method: 'users.list' })).toBeUndefined();
    expect(takeFault(queue, { method: 'chat.postMessage' })?.kind).toBe('timeout');
    expect(takeFault(queue, { method: 'chat.postMessage' })?.kind).toBe('http_500');
    expect(takeFault(queue, { method: 'chat.postMessage' })).toBeUndefined();
  });

  it('matches on team and channel when given, and * for any method', () => {
    const queue: SandboxFault[] = [
      { method: 'chat.postMessage', kind: 'error', error: 'channel_not_found', channel: 'C2' },
      { method: '*', kind: 'delay', ms: 10, teamId: 'T2' },
    ];
    expect(takeFault(queue, { method: 'chat.postMessage', channel: 'C1', teamId: 'T1' })).toBeUndefined();
    expect(takeFault(queue, { method: 'chat.postMessage', channel: 'C2', teamId: 'T1' })?.kind).toBe('error');
    expect(takeFault(queue, { method: 'users.list', teamId: 'T2' })?.kind).toBe('delay');
    expect(queue).toHaveLength(0);
  });
});
