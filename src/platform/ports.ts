/**
 * Ports: what one capability offers the others without either importing the other. A capability `provides`
 * an implementation (CapabilityParts.provides); a consumer names the port in its `needs` and receives a
 * `Port`, resolved by the platform once every capability is set up. No provider: the port says so (`get()` is
 * null), and the consumer decides what "not available" means for it.
 */

/** Someone an HR system or applicant tracking reports as starting soon who is not a Slack member yet. */
export interface PendingHire {
  source: 'hris' | 'ats';
  name: string;
  email: string | null;
  /** 'YYYY-MM-DD'. */
  start_date: string;
  department: string | null;
  location: string | null;
  job_title: string | null;
}

/** What the HR system and applicant tracking know of people (Celebrations' upcoming new hires, Intros' groups). */
export interface HrDirectory {
  /** The people starting between two local dates (inclusive) who are not in Slack yet. */
  pendingHires(workspaceId: number, from: string, to: string): Promise<PendingHire[]>;
  /** Members' department or location as the HR system reports them, by member id (absent: not known there). */
  groups(workspaceId: number, memberIds: number[], by: 'department' | 'location'): Promise<Map<number, string>>;
  /** Whether the workspace has an HR system linked (pending its first sync, or active). */
  linked(workspaceId: number): Promise<boolean>;
  /** The work email of the manager the HR system gives the person with this work email (null: none known). */
  managerEmail(workspaceId: number, email: string): Promise<string | null>;
}

/** Members' linked calendars (Intros schedules meetings with them). */
export interface Calendars {
  /**
   * Up to three half-hour times in the coming week (9:00–17:00 weekdays in `tz`) when every one of these members is
   * free by their linked calendar; null unless all of them have a calendar linked.
   */
  freeTimes(workspaceId: number, memberIds: number[], tz: string): Promise<Date[] | null>;
  /** The fixed meeting's hold on the calendar of one of the group (the others invited); false when none linked one. */
  holdMeeting(workspaceId: number, key: string, memberIds: number[], event: { title: string; description: string; start: Date; end: Date }): Promise<boolean>;
  /** Which calendar accounts a member has linked and valid. */
  linkedAccounts(workspaceId: number, memberId: number): Promise<Record<'google' | 'microsoft', boolean>>;
}

/** Members' linked video accounts (Zoom): a meeting link for an intro group. */
export interface VideoMeetings {
  /** A meeting's join link for a group, hosted by the first of them who linked an account; null when none did. */
  meeting(workspaceId: number, key: string, memberIds: number[], meeting: { topic: string; start: Date | null; durationMinutes: number; tz: string }): Promise<string | null>;
  /** Whether a member has a video account linked and valid. */
  linked(workspaceId: number, memberId: number): Promise<boolean>;
}

/** Who runs journeys besides admins: the current user's permissions offer a journey's creator and permission users theirs. */
export interface JourneyRunners {
  /** Whether the member created one of the workspace's journeys or is on one's permission users. */
  runsAny(workspaceId: number, memberId: number): Promise<boolean>;
}

/** Every port, by the name a capability provides it under and a consumer names in `needs`. */
export interface Ports {
  hrDirectory: HrDirectory;
  calendars: Calendars;
  videoMeetings: VideoMeetings;
  journeyRunners: JourneyRunners;
}

export type PortName = keyof Ports;

/** A consumer's handle on a port: the provider's implementation once resolved, or null when no capability provides it. */
export interface Port<T> {
  readonly name: PortName;
  /** The implementation, or null: not available in this Hearth. Throws when called during setup (not resolved yet). */
  get(): T | null;
}

export type PortHandles = { [P in PortName]: Port<Ports[P]> };

/** The platform's side: hands out ports before setup, takes the providers' implementations, then resolves. */
export class PortRegistry {
  private readonly provided = new Map<PortName, { by: string; impl: unknown }>();
  private resolved = false;
  readonly handles: PortHandles;

  constructor() {
    const handle = <P extends PortName>(name: P): Port<Ports[P]> => ({
      name,
      get: () => {
        if (!this.resolved) throw new Error(`port "${name}" is read during setup; ports are resolved after every capability is set up`);
        return (this.provided.get(name)?.impl as Ports[P] | undefined) ?? null;
      },
    });
    this.handles = { hrDirectory: handle('hrDirectory'), calendars: handle('calendars'), videoMeetings: handle('videoMeetings'), journeyRunners: handle('journeyRunners') };
  }

  /** A capability's `provides`; start-up refuses a port provided twice. */
  provide(capability: string, provides: Partial<Ports>): void {
    for (const [name, impl] of Object.entries(provides) as Array<[PortName, unknown]>) {
      const already = this.provided.get(name);
      if (already) throw new Error(`port "${name}" is provided by both "${already.by}" and "${capability}"`);
      this.provided.set(name, { by: capability, impl });
    }
  }

  resolve(): void {
    this.resolved = true;
  }
}
