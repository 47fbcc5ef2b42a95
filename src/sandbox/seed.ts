import { SandboxState, emptySandboxData } from './state.js';
import type {
  CalendarDate,
  MonthDay,
  Now,
  SandboxChannel,
  SandboxData,
  SandboxPersonInfo,
  SandboxWorkspace,
  SlackMember,
  SlackProfile,
} from './types.js';

/**
 * The demo workspaces, fixed and free of randomness so tests and screenshots agree run after run.
 * "Acme Demo" is the one people explore: ~40 people over ten time zones (Kolkata and St John's are
 * half-hour zones), bots, Slackbot, a deactivated member and a Slack Connect guest from another company,
 * which Hearth must never pair, celebrate or enrol. "Globex" is small and exists to prove isolation.
 */

export const ACME = {
  teamId: 'T0DEMO0001',
  name: 'Acme Demo',
  domain: 'acme-demo',
  appId: 'A0HEARTH01',
  botId: 'B0DEMOBOT',
  botUserId: 'U0DEMOBOT',
  botToken: 'xoxb-1000000001-2000000001-sandboxAcmeDemoBot',
  /** The Hearth app's app-level token (Socket Mode). */
  appToken: 'xapp-1-A0HEARTH01-3000000001-sandboxHearthAppToken',
  /** The admin/owner the sandbox treats as "you". */
  adminUserId: 'U0DEMOADMIN',
  deactivatedUserId: 'U0DEMO040',
  externalUserId: 'U0PARTNER1',
  externalTeamId: 'T0PARTNER1',
  slackbotUserId: 'USLACKBOT',
  otherBotUserIds: ['U0DEMOPOLL', 'U0DEMOGCAL', 'U0DEMOGHUB'],
  channels: {
    general: 'C0DEMOGEN',
    intros: 'C0DEMOINTRO',
    watercooler: 'C0DEMOWATER',
    celebrations: 'C0DEMOCELEB',
    newHires: 'C0DEMONEWH',
    buddyVolunteers: 'C0DEMOBUDDY',
    leadership: 'C0DEMOLEAD',
  },
} as const;

export const GLOBEX = {
  teamId: 'T0GLOBEX01',
  name: 'Globex',
  domain: 'globex',
  appId: 'A0HEARTH01', // the same app, installed in a second workspace
  botId: 'B0GLXBOT',
  botUserId: 'U0GLXBOT',
  botToken: 'xoxb-1000000002-2000000002-sandboxGlobexBot',
  appToken: 'xapp-1-A0HEARTH01-3000000001-sandboxHearthAppToken', // the same app's
  adminUserId: 'U0GLX001',
  channels: { general: 'C0GLXGEN', intros: 'C0GLXINTRO' },
} as const;

/** The bot scopes manifest.json asks for, so the sandbox refuses what production Slack would. */
export const BOT_SCOPES = [
  'commands',
  'chat:write',
  'chat:write.public',
  'im:write',
  'mpim:write',
  'im:history',
  'mpim:history',
  'channels:history',
  'groups:history',
  'channels:read',
  'groups:read',
  'channels:join',
  'channels:manage',
  'groups:write',
  'users:read',
  'users:read.email',
  'team:read',
  'reactions:read',
  'reactions:write',
  'files:write',
];

/** Custom profile field ids (users.profile.get `fields`). */
export const PROFILE_FIELDS = { department: 'Xf0DEMODEPT', manager: 'Xf0DEMOMGR' } as const;

/** 2016-03-01, when both demo companies "joined Slack". */
const FOUNDED = 1456790400;

interface PersonRow {
  id: string;
  first: string;
  last: string;
  title: string;
  department: string;
  managerId?: string;
  tz: string;
  location: string;
  /** "MM-DD" or "YYYY-MM-DD". */
  birthday?: string;
  /** "YYYY-MM-DD". */
  start: string;
  display?: string;
  admin?: boolean;
  owner?: boolean;
  deleted?: boolean;
}

const ACME_PEOPLE: PersonRow[] = [
  { id: 'U0DEMO001', first: 'Dana', last: 'Whitfield', title: 'Chief Executive Officer', department: 'Leadership', tz: 'America/New_York', location: 'New York', birthday: '1978-04-12', start: '2016-03-01', owner: true },
  { id: 'U0DEMOADMIN', first: 'Alex', last: 'Rivera', title: 'Head of People', department: 'People', managerId: 'U0DEMO001', tz: 'America/New_York', location: 'New York', birthday: '06-18', start: '2018-09-10', admin: true, owner: true },
  { id: 'U0DEMO002', first: 'Priya', last: 'Raman', title: 'Chief Technology Officer', department: 'Leadership', managerId: 'U0DEMO001', tz: 'Asia/Kolkata', location: 'Bengaluru', birthday: '1983-11-23', start: '2016-05-02', admin: true },
  { id: 'U0DEMO003', first: 'Marcus', last: 'Chen', title: 'VP of Sales', department: 'Leadership', managerId: 'U0DEMO001', tz: 'America/Los_Angeles', location: 'San Francisco', birthday: '08-30', start: '2017-01-16' },
  { id: 'U0DEMO004', first: 'Sofia', last: 'Novak', title: 'VP of Product', department: 'Leadership', managerId: 'U0DEMO001', tz: 'Europe/Prague', location: 'Prague', birthday: '1985-02-14', start: '2017-06-05' },
  { id: 'U0DEMO005', first: 'James', last: "O'Connor", title: 'Chief Financial Officer', department: 'Finance', managerId: 'U0DEMO001', tz: 'Europe/London', location: 'London', birthday: '12-24', start: '2019-11-25' },
  { id: 'U0DEMO006', first: 'Arjun', last: 'Mehta', title: 'Engineering Manager', department: 'Engineering', managerId: 'U0DEMO002', tz: 'Asia/Kolkata', location: 'Bengaluru', birthday: '1988-07-04', start: '2018-02-12' },
  { id: 'U0DEMO007', first: 'Ananya', last: 'Iyer', title: 'Senior Software Engineer', department: 'Engineering', managerId: 'U0DEMO006', tz: 'Asia/Kolkata', location: 'Chennai', birthday: '01-09', start: '2020-08-03' },
  { id: 'U0DEMO008', first: 'Rohan', last: 'Gupta', title: 'Software Engineer', department: 'Engineering', managerId: 'U0DEMO006', tz: 'Asia/Kolkata', location: 'Pune', birthday: '1997-11-21', start: '2023-01-09' },
  { id: 'U0DEMO009', first: 'Lena', last: 'Fischer', title: 'Engineering Manager', department: 'Engineering', managerId: 'U0DEMO002', tz: 'Europe/Berlin', location: 'Berlin', birthday: '1986-03-03', start: '2018-10-01' },
  { id: 'U0DEMO010', first: 'Jonas', last: 'Weber', title: 'Staff Engineer', department: 'Engineering', managerId: 'U0DEMO009', tz: 'Europe/Berlin', location: 'Hamburg', birthday: '10-31', start: '2019-04-15' },
  { id: 'U0DEMO011', first: 'Tereza', last: 'Dvořáková', title: 'Software Engineer', department: 'Engineering', managerId: 'U0DEMO009', tz: 'Europe/Prague', location: 'Brno', birthday: '1996-02-29', start: '2021-03-01', display: 'tereza' },
  { id: 'U0DEMO012', first: 'Kai', last: 'Nakamura', title: 'Site Reliability Engineer', department: 'Engineering', managerId: 'U0DEMO009', tz: 'America/Los_Angeles', location: 'Seattle', birthday: '05-17', start: '2020-11-30' },
  { id: 'U0DEMO013', first: 'Maya', last: 'Goldberg', title: 'Software Engineer', department: 'Engineering', managerId: 'U0DEMO006', tz: 'America/New_York', location: 'Boston', birthday: '1999-09-09', start: '2026-11-02' },
  { id: 'U0DEMO014', first: 'Diego', last: 'Hernández', title: 'Senior Software Engineer', department: 'Engineering', managerId: 'U0DEMO009', tz: 'America/Sao_Paulo', location: 'São Paulo', birthday: '06-01', start: '2021-07-19' },
  { id: 'U0DEMO015', first: 'Chloé', last: 'Martin', title: 'QA Engineer', department: 'Engineering', managerId: 'U0DEMO009', tz: 'Europe/Paris', location: 'Lyon', start: '2022-05-16' },
  { id: 'U0DEMO016', first: 'Hannah', last: 'Becker', title: 'Senior Product Manager', department: 'Product', managerId: 'U0DEMO004', tz: 'Europe/Berlin', location: 'Munich', birthday: '1990-12-05', start: '2019-02-04' },
  { id: 'U0DEMO017', first: 'Samuel', last: 'Okafor', title: 'Product Manager', department: 'Product', managerId: 'U0DEMO004', tz: 'Europe/London', location: 'Manchester', birthday: '04-27', start: '2024-11-18' },
  { id: 'U0DEMO018', first: 'Yuki', last: 'Tanaka', title: 'Product Designer', department: 'Design', managerId: 'U0DEMO020', tz: 'Asia/Tokyo', location: 'Tokyo', birthday: '1994-08-08', start: '2022-09-12' },
  { id: 'U0DEMO019', first: 'Isabela', last: 'Costa', title: 'UX Researcher', department: 'Design', managerId: 'U0DEMO020', tz: 'America/Sao_Paulo', location: 'Rio de Janeiro', birthday: '03-21', start: '2023-06-05' },
  { id: 'U0DEMO020', first: 'Noah', last: 'Williams', title: 'Design Lead', department: 'Design', managerId: 'U0DEMO004', tz: 'America/Los_Angeles', location: 'Los Angeles', birthday: '1987-01-30', start: '2018-05-21' },
  { id: 'U0DEMO021', first: 'Emily', last: 'Johnson', title: 'Account Executive', department: 'Sales', managerId: 'U0DEMO022', tz: 'America/Chicago', location: 'Chicago', birthday: '07-15', start: '2021-10-11' },
  { id: 'U0DEMO022', first: 'Carlos', last: 'Rivera', title: 'Sales Manager', department: 'Sales', managerId: 'U0DEMO003', tz: 'America/Chicago', location: 'Austin', birthday: '1984-11-28', start: '2019-11-20' },
  { id: 'U0DEMO023', first: 'Olivia', last: 'Brown', title: 'Account Executive', department: 'Sales', managerId: 'U0DEMO022', tz: 'America/New_York', location: 'Philadelphia', birthday: '02-02', start: '2022-02-14' },
  { id: 'U0DEMO024', first: 'Liam', last: 'Murphy', title: 'Sales Development Representative', department: 'Sales', managerId: 'U0DEMO022', tz: 'Europe/Dublin', location: 'Dublin', birthday: '2000-05-05', start: '2026-11-16' },
  { id: 'U0DEMO025', first: 'Aisha', last: 'Khan', title: 'Solutions Engineer', department: 'Sales', managerId: 'U0DEMO003', tz: 'Asia/Kolkata', location: 'Mumbai', birthday: '09-14', start: '2020-01-06' },
  { id: 'U0DEMO026', first: 'Ben', last: 'Carter', title: 'Account Executive', department: 'Sales', managerId: 'U0DEMO022', tz: 'Australia/Sydney', location: 'Sydney', birthday: '1991-10-10', start: '2023-08-28' },
  { id: 'U0DEMO027', first: 'Grace', last: 'Kim', title: 'Head of Marketing', department: 'Marketing', managerId: 'U0DEMO001', tz: 'America/Los_Angeles', location: 'San Diego', birthday: '1982-06-25', start: '2018-03-19' },
  { id: 'U0DEMO028', first: 'Tom', last: 'Andersen', title: 'Content Marketing Manager', department: 'Marketing', managerId: 'U0DEMO027', tz: 'Europe/London', location: 'Bristol', birthday: '11-25', start: '2022-11-21' },
  { id: 'U0DEMO029', first: 'Zoé', last: 'Laurent', title: 'Brand Designer', department: 'Marketing', managerId: 'U0DEMO027', tz: 'Europe/Paris', location: 'Paris', birthday: '1995-04-01', start: '2024-04-08' },
  { id: 'U0DEMO030', first: 'Fatima', last: 'Al-Sayed', title: 'Customer Success Lead', department: 'Customer Success', managerId: 'U0DEMO003', tz: 'Europe/London', location: 'London', birthday: '1989-01-19', start: '2019-07-01' },
  { id: 'U0DEMO031', first: 'Ethan', last: 'Parker', title: 'Support Specialist', department: 'Customer Success', managerId: 'U0DEMO030', tz: 'America/St_Johns', location: "St. John's", birthday: '12-31', start: '2021-12-06' },
  { id: 'U0DEMO032', first: 'Mia', last: 'Rossi', title: 'Support Specialist', department: 'Customer Success', managerId: 'U0DEMO030', tz: 'Europe/Rome', location: 'Milan', birthday: '1998-03-15', start: '2025-11-24' },
  { id: 'U0DEMO033', first: 'Lucas', last: 'Silva', title: 'Customer Success Manager', department: 'Customer Success', managerId: 'U0DEMO030', tz: 'America/Sao_Paulo', location: 'Curitiba', birthday: '08-19', start: '2022-07-25' },
  { id: 'U0DEMO034', first: 'Nora', last: 'Lindqvist', title: 'People Partner', department: 'People', managerId: 'U0DEMOADMIN', tz: 'Europe/Stockholm', location: 'Stockholm', birthday: '1992-10-02', start: '2020-06-15' },
  { id: 'U0DEMO035', first: 'Sam', last: 'Taylor', title: 'Talent Acquisition Partner', department: 'People', managerId: 'U0DEMOADMIN', tz: 'America/New_York', location: 'Brooklyn', birthday: '05-29', start: '2023-03-13', display: 'sam t' },
  { id: 'U0DEMO036', first: 'Riley', last: 'Morgan', title: 'Workplace Coordinator', department: 'People', managerId: 'U0DEMOADMIN', tz: 'America/Chicago', location: 'Denver', start: '2026-10-19' },
  { id: 'U0DEMO037', first: 'Petr', last: 'Svoboda', title: 'Financial Analyst', department: 'Finance', managerId: 'U0DEMO005', tz: 'Europe/Prague', location: 'Prague', birthday: '1993-07-22', start: '2021-02-01' },
  { id: 'U0DEMO038', first: 'Hiroshi', last: 'Sato', title: 'Senior Accountant', department: 'Finance', managerId: 'U0DEMO005', tz: 'Asia/Tokyo', location: 'Osaka', birthday: '02-11', start: '2020-10-05' },
  { id: 'U0DEMO039', first: 'Charlotte', last: 'Evans', title: 'Office Manager', department: 'Finance', managerId: 'U0DEMO005', tz: 'Australia/Sydney', location: 'Melbourne', birthday: '1990-09-27', start: '2019-05-13' },
  // Left the company: still listed by Slack with deleted: true.
  { id: 'U0DEMO040', first: 'Victor', last: 'Hale', title: 'Account Executive', department: 'Sales', managerId: 'U0DEMO022', tz: 'America/Chicago', location: 'Dallas', birthday: '03-09', start: '2018-08-06', deleted: true },
];

const GLOBEX_PEOPLE: PersonRow[] = [
  { id: 'U0GLX001', first: 'Hank', last: 'Scorpio', title: 'Chief Executive Officer', department: 'Leadership', tz: 'America/Chicago', location: 'Cypress Creek', birthday: '1970-05-20', start: '2016-03-01', admin: true, owner: true },
  { id: 'U0GLX002', first: 'Ingrid', last: 'Solberg', title: 'Operations Manager', department: 'Operations', managerId: 'U0GLX001', tz: 'Europe/Oslo', location: 'Oslo', birthday: '09-03', start: '2019-09-02' },
  { id: 'U0GLX003', first: 'Ravi', last: 'Shankar', title: 'Software Engineer', department: 'Engineering', managerId: 'U0GLX001', tz: 'Asia/Kolkata', location: 'Hyderabad', birthday: '1995-12-12', start: '2022-01-10' },
  { id: 'U0GLX004', first: 'Megan', last: 'Doyle', title: 'Recruiter', department: 'People', managerId: 'U0GLX002', tz: 'America/New_York', location: 'Newark', birthday: '07-07', start: '2024-06-03' },
  { id: 'U0GLX005', first: 'Tomás', last: 'Ortega', title: 'Sales Lead', department: 'Sales', managerId: 'U0GLX001', tz: 'America/Mexico_City', location: 'Guadalajara', start: '2021-04-19' },
  { id: 'U0GLX006', first: 'Aiko', last: 'Mori', title: 'Designer', department: 'Design', managerId: 'U0GLX002', tz: 'Asia/Tokyo', location: 'Kyoto', birthday: '02-29', start: '2026-11-09' },
];

const PALETTE = ['9f69e7', '4bbe2e', 'e7392d', '3c989f', 'e0a729', '674b1b', 'e96699', '5b89d5', '2b6836', 'd58247'];

/** A self-contained initials avatar, so the sandbox needs no network for pictures. */
function avatar(initials: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72" viewBox="0 0 72 72"><rect width="72" height="72" rx="8" fill="#${color}"/><text x="36" y="45" font-family="Helvetica,Arial,sans-serif" font-size="28" font-weight="600" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function handleFor(row: PersonRow): string {
  return `${row.first}.${row.last}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '');
}

function profile(input: {
  first: string;
  last: string;
  title: string;
  display: string;
  email?: string;
  teamId: string;
  color: string;
  fields?: SlackProfile['fields'];
  botId?: string;
  appId?: string;
}): SlackProfile {
  const realName = `${input.first} ${input.last}`.trim();
  const image = avatar(
    `${input.first[0] ?? ''}${input.last[0] ?? ''}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase(),
    input.color,
  );
  return {
    title: input.title,
    phone: '',
    skype: '',
    real_name: realName,
    real_name_normalized: realName.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    display_name: input.display,
    display_name_normalized: input.display.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    first_name: input.first,
    last_name: input.last,
    ...(input.email ? { email: input.email } : {}),
    fields: input.fields ?? null,
    status_text: '',
    status_emoji: '',
    status_expiration: 0,
    avatar_hash: `g${input.color}`,
    image_24: image,
    image_32: image,
    image_48: image,
    image_72: image,
    image_192: image,
    image_512: image,
    team: input.teamId,
    ...(input.botId ? { bot_id: input.botId, api_app_id: input.appId ?? '', always_active: true } : {}),
  };
}

function parseBirthday(text: string | undefined): MonthDay | undefined {
  if (!text) return undefined;
  const parts = text.split('-').map(Number);
  return parts.length === 3 ? { year: parts[0]!, month: parts[1]!, day: parts[2]! } : { month: parts[0]!, day: parts[1]! };
}

function parseDate(text: string): CalendarDate {
  const [year, month, day] = text.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

function humanMember(row: PersonRow, index: number, teamId: string, emailDomain: string): SlackMember {
  const handle = handleFor(row);
  const color = PALETTE[index % PALETTE.length]!;
  return {
    id: row.id,
    team_id: teamId,
    name: handle,
    deleted: row.deleted ?? false,
    color,
    real_name: `${row.first} ${row.last}`,
    tz: row.tz,
    profile: profile({
      first: row.first,
      last: row.last,
      title: row.title,
      display: row.display ?? row.first,
      email: `${handle}@${emailDomain}`,
      teamId,
      color,
      fields: {
        [PROFILE_FIELDS.department]: { value: row.department, alt: '' },
        ...(row.managerId ? { [PROFILE_FIELDS.manager]: { value: row.managerId, alt: '' } } : {}),
      },
    }),
    is_admin: row.admin ?? false,
    is_owner: row.owner ?? false,
    is_primary_owner: row.owner === true && row.managerId === undefined,
    is_restricted: false,
    is_ultra_restricted: false,
    is_bot: false,
    is_app_user: false,
    updated: FOUNDED,
    is_email_confirmed: true,
    who_can_share_contact_card: 'EVERYONE',
  };
}

function botMember(input: { id: string; name: string; realName: string; botId: string; appId: string; teamId: string; color: string }): SlackMember {
  return {
    id: input.id,
    team_id: input.teamId,
    name: input.name,
    deleted: false,
    color: input.color,
    real_name: input.realName,
    tz: 'America/Los_Angeles', // what Slack reports for bots
    profile: profile({ first: input.realName, last: '', title: '', display: '', teamId: input.teamId, color: input.color, botId: input.botId, appId: input.appId }),
    is_admin: false,
    is_owner: false,
    is_primary_owner: false,
    is_restricted: false,
    is_ultra_restricted: false,
    is_bot: true,
    is_app_user: false,
    updated: FOUNDED,
    is_email_confirmed: false,
    who_can_share_contact_card: 'EVERYONE',
  };
}

/** Slackbot: famously is_bot false, so code that filters on is_bot alone lets it through. */
function slackbot(teamId: string): SlackMember {
  return {
    ...botMember({ id: 'USLACKBOT', name: 'slackbot', realName: 'Slackbot', botId: '', appId: '', teamId, color: '757575' }),
    is_bot: false,
    profile: profile({ first: 'Slackbot', last: '', title: '', display: 'Slackbot', teamId, color: '757575' }),
  };
}

function channel(input: {
  id: string;
  teamId: string;
  name: string;
  members: string[];
  creator: string;
  purpose: string;
  isPrivate?: boolean;
  isGeneral?: boolean;
  sharedWith?: string;
  created?: number;
}): SandboxChannel {
  const created = input.created ?? FOUNDED;
  const isPrivate = input.isPrivate ?? false;
  return {
    id: input.id,
    teamId: input.teamId,
    name: input.name,
    is_channel: !isPrivate,
    is_group: isPrivate,
    is_im: false,
    is_mpim: false,
    is_private: isPrivate,
    is_archived: false,
    is_general: input.isGeneral ?? false,
    is_shared: input.sharedWith !== undefined,
    is_ext_shared: input.sharedWith !== undefined,
    is_org_shared: false,
    shared_team_ids: input.sharedWith ? [input.teamId, input.sharedWith] : [input.teamId],
    created,
    creator: input.creator,
    members: [...new Set(input.members)],
    topic: { value: '', creator: '', last_set: 0 },
    purpose: { value: input.purpose, creator: input.creator, last_set: created },
  };
}

function workspace(input: Omit<SandboxWorkspace, 'botScopes' | 'created' | 'botName'>): SandboxWorkspace {
  return { ...input, botName: 'Hearth', botScopes: [...BOT_SCOPES], created: FOUNDED };
}

function addPeople(data: SandboxData, teamId: string, rows: PersonRow[], emailDomain: string): void {
  const members = (data.members[teamId] ??= {});
  const people = (data.people[teamId] ??= {});
  rows.forEach((row, i) => {
    members[row.id] = humanMember(row, i, teamId, emailDomain);
    const birthday = parseBirthday(row.birthday);
    const info: SandboxPersonInfo = {
      department: row.department,
      location: row.location,
      startDate: parseDate(row.start),
      ...(row.managerId ? { managerId: row.managerId } : {}),
      ...(birthday ? { birthday } : {}),
    };
    people[row.id] = info;
  });
}

function ids(rows: PersonRow[], pick: (row: PersonRow, index: number) => boolean): string[] {
  return rows.filter(pick).map((r) => r.id);
}

function seedAcme(data: SandboxData): void {
  const teamId = ACME.teamId;
  data.workspaces[teamId] = workspace({
    id: teamId,
    name: ACME.name,
    domain: ACME.domain,
    emailDomain: 'acme.example',
    appId: ACME.appId,
    botId: ACME.botId,
    botUserId: ACME.botUserId,
    botToken: ACME.botToken,
    appToken: ACME.appToken,
    defaultUserId: ACME.adminUserId,
  });
  data.externalTeams[ACME.externalTeamId] = { id: ACME.externalTeamId, name: 'Initech Partners', domain: 'initech-partners' };
  addPeople(data, teamId, ACME_PEOPLE, 'acme.example');
  const members = data.members[teamId]!;
  members[ACME.botUserId] = botMember({ id: ACME.botUserId, name: 'hearth', realName: 'Hearth', botId: ACME.botId, appId: ACME.appId, teamId, color: 'e8912d' });
  members.U0DEMOPOLL = botMember({ id: 'U0DEMOPOLL', name: 'polly', realName: 'Polly', botId: 'B0DEMOPOLL', appId: 'A0POLLY001', teamId, color: '2eb67d' });
  members.U0DEMOGCAL = botMember({ id: 'U0DEMOGCAL', name: 'google_calendar', realName: 'Google Calendar', botId: 'B0DEMOGCAL', appId: 'A0GCAL0001', teamId, color: '4285f4' });
  members.U0DEMOGHUB = botMember({ id: 'U0DEMOGHUB', name: 'github', realName: 'GitHub', botId: 'B0DEMOGHUB', appId: 'A0GITHUB01', teamId, color: '24292e' });
  members.USLACKBOT = slackbot(teamId);
  // A Slack Connect guest from another company, seen only through the shared #intros channel.
  const external = humanMember(
    { id: ACME.externalUserId, first: 'Jordan', last: 'Blake', title: 'Partner Manager', department: 'Partnerships', tz: 'America/Denver', location: 'Denver', start: '2020-01-01' },
    3,
    ACME.externalTeamId,
    'initech.example',
  );
  members[ACME.externalUserId] = { ...external, is_stranger: true, profile: { ...external.profile, fields: null } };

  const humans = ACME_PEOPLE.filter((r) => !r.deleted);
  const everyone = humans.map((r) => r.id);
  // As after a real install, Hearth is in no channel: it joins public ones when a program starts there, and a
  // person must invite it to a private one.
  const c = ACME.channels;
  const add = (ch: SandboxChannel) => {
    data.channels[ch.id] = ch;
    data.messages[ch.id] = [];
  };
  add(channel({ id: c.general, teamId, name: 'general', isGeneral: true, creator: 'U0DEMO001', purpose: 'Company-wide announcements and work-based matters', members: [...everyone, ACME.deactivatedUserId, 'U0DEMOGCAL'] }));
  // ~30 people opted into intros, plus the traps: a bot, the deactivated member and the external guest.
  add(
    channel({
      id: c.intros,
      teamId,
      name: 'intros',
      creator: ACME.adminUserId,
      purpose: 'Meet someone new every two weeks ☕',
      sharedWith: ACME.externalTeamId,
      created: FOUNDED + 86_400 * 800,
      members: [...ids(humans, (_r, i) => i % 4 !== 3), ACME.deactivatedUserId, ACME.externalUserId, 'U0DEMOPOLL'],
    }),
  );
  add(channel({ id: c.watercooler, teamId, name: 'watercooler', creator: 'U0DEMO027', purpose: 'Questions of the week, pets, weekend plans', members: [...ids(humans, (_r, i) => i % 2 === 0), 'U0DEMOPOLL'] }));
  add(channel({ id: c.celebrations, teamId, name: 'celebrations', creator: ACME.adminUserId, purpose: 'Birthdays, work anniversaries and wins 🎉', members: [...ids(humans, (_r, i) => i % 3 !== 2)] }));
  add(
    channel({
      id: c.newHires,
      teamId,
      name: 'new-hires',
      creator: 'U0DEMO035',
      purpose: 'Welcome aboard! Ask anything.',
      members: [...ids(humans, (r) => r.start >= '2025-01-01' || r.department === 'People')],
    }),
  );
  add(channel({ id: c.buddyVolunteers, teamId, name: 'buddy-volunteers', creator: 'U0DEMO034', purpose: 'People who have offered to be an onboarding buddy', members: ['U0DEMO007', 'U0DEMO010', 'U0DEMO016', 'U0DEMO021', 'U0DEMO028', 'U0DEMO030', 'U0DEMO034', 'U0DEMO038'] }));
  add(channel({ id: c.leadership, teamId, name: 'leadership', isPrivate: true, creator: 'U0DEMO001', purpose: 'Leadership team', members: ['U0DEMO001', 'U0DEMO002', 'U0DEMO003', 'U0DEMO004', 'U0DEMO005', 'U0DEMO027', ACME.adminUserId] }));
}

function seedGlobex(data: SandboxData): void {
  const teamId = GLOBEX.teamId;
  data.workspaces[teamId] = workspace({
    id: teamId,
    name: GLOBEX.name,
    domain: GLOBEX.domain,
    emailDomain: 'globex.example',
    appId: GLOBEX.appId,
    botId: GLOBEX.botId,
    botUserId: GLOBEX.botUserId,
    botToken: GLOBEX.botToken,
    appToken: GLOBEX.appToken,
    defaultUserId: GLOBEX.adminUserId,
  });
  addPeople(data, teamId, GLOBEX_PEOPLE, 'globex.example');
  const members = data.members[teamId]!;
  members[GLOBEX.botUserId] = botMember({ id: GLOBEX.botUserId, name: 'hearth', realName: 'Hearth', botId: GLOBEX.botId, appId: GLOBEX.appId, teamId, color: 'e8912d' });
  members.USLACKBOT = slackbot(teamId);
  const everyone = GLOBEX_PEOPLE.map((r) => r.id);
  for (const ch of [
    channel({ id: GLOBEX.channels.general, teamId, name: 'general', isGeneral: true, creator: 'U0GLX001', purpose: 'Everything Globex', members: everyone }),
    channel({ id: GLOBEX.channels.intros, teamId, name: 'intros', creator: 'U0GLX002', purpose: 'Coffee chats', members: ['U0GLX001', 'U0GLX002', 'U0GLX003', 'U0GLX004', 'U0GLX006'] }),
  ]) {
    data.channels[ch.id] = ch;
    data.messages[ch.id] = [];
  }
}

/** Fresh seeded data; every call returns a new, independent copy. */
export function seedData(): SandboxData {
  const data = emptySandboxData();
  seedAcme(data);
  seedGlobex(data);
  return data;
}

export function seedState(options: { now?: Now } = {}): SandboxState {
  return new SandboxState({ data: seedData(), ...(options.now ? { now: options.now } : {}) });
}

/**
 * Birthdays (month/day, year when shared) and start dates per workspace and member, for the
 * Celebrations and Journeys code that will read them through the sandbox's HR side. U0DEMO011 and
 * U0GLX006 are born on 29 February; a few people have no birthday on file.
 */
export const sandboxDates: Record<string, Record<string, { birthday?: MonthDay; startDate: CalendarDate }>> = Object.fromEntries(
  [
    [ACME.teamId, ACME_PEOPLE],
    [GLOBEX.teamId, GLOBEX_PEOPLE],
  ].map(([teamId, rows]) => [
    teamId as string,
    Object.fromEntries(
      (rows as PersonRow[]).map((row) => {
        const birthday = parseBirthday(row.birthday);
        return [row.id, { startDate: parseDate(row.start), ...(birthday ? { birthday } : {}) }];
      }),
    ),
  ]),
);
