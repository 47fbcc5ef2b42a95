import { describe, expect, it } from 'vitest';
import { PortRegistry, type VideoMeetings } from '../../../src/platform/ports.js';

const video: VideoMeetings = { meeting: async () => 'https://zoom.example/j/1', linked: async () => true };

describe('ports', () => {
  it('a port is resolved after setup: the provider’s implementation, or null when no capability provides it', () => {
    const ports = new PortRegistry();
    ports.provide('integrations', { videoMeetings: video });
    ports.resolve();
    expect(ports.handles.videoMeetings.get()).toBe(video);
    expect(ports.handles.calendars.get()).toBeNull();
  });

  it('reading a port during setup is refused: the order of capabilities never matters', () => {
    const ports = new PortRegistry();
    expect(() => ports.handles.hrDirectory.get()).toThrow(/resolved after every capability is set up/);
  });

  it('start-up refuses a port provided twice', () => {
    const ports = new PortRegistry();
    ports.provide('integrations', { videoMeetings: video });
    expect(() => ports.provide('zoom', { videoMeetings: video })).toThrow('port "videoMeetings" is provided by both "integrations" and "zoom"');
  });
});
