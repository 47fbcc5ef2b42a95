// The shipped library: preset categories, presets (each a few scheduled events for roles by purpose), preset
// bundles and prebuilt journeys. Plain data with stable ids: journeys copy a preset's events when it is added, so
// editing a journey never changes the library and the library can grow without touching anyone's journeys.
import type { EventKind, FlowType, QuickSetupType, RecipientType, RolePurpose } from './api-types.js';

export interface LibraryEvent {
  id: number;
  kind: EventKind;
  days_later: number;
  minute_in_day: number;
  recipient_type: RecipientType;
  recipient: RolePurpose | null;
  about: RolePurpose[];
  title: string;
  text: string;
  poll_options?: string[];
  requirements?: string[];
}

export interface LibraryPreset {
  id: number;
  category_id: number;
  name: string;
  description: string;
  flow_types: FlowType[];
  events: LibraryEvent[];
  /** A workspace's own preset (journey_custom_presets), not the shipped library's. */
  custom?: boolean;
}

export interface LibraryCategory {
  id: number;
  name: string;
  description: string;
  flow_types: FlowType[];
}

export interface LibraryBundle {
  id: number;
  name: string;
  description: string;
  flow_type: FlowType;
  preset_ids: number[];
  quick_setup_types: QuickSetupType[];
}

/** Default names of the roles a preset involves (created in a workspace the first time a preset needs them). */
export const ROLE_DEFAULTS: Record<Exclude<RolePurpose, 'primary'>, { name: string; plural_name: string }> = {
  manager: { name: 'Manager', plural_name: 'Managers' },
  buddy: { name: 'Buddy', plural_name: 'Buddies' },
  mentor: { name: 'Mentor', plural_name: 'Mentors' },
  people_team: { name: 'People team member', plural_name: 'People team' },
  it: { name: 'IT contact', plural_name: 'IT contacts' },
  other: { name: 'Teammate', plural_name: 'Teammates' },
};

/** The primary role: the new hire in onboarding, the participant in every other flow. */
export const PRIMARY_ROLE = {
  onboarding: { name: 'New hire', plural_name: 'New hires' },
  other: { name: 'Participant', plural_name: 'Participants' },
} as const;

const H = (h: number, m = 0) => h * 60 + m;
const ONBOARDING: FlowType[] = ['onboarding'];

export const CATEGORIES: LibraryCategory[] = [
  { id: 1, name: 'Before day one', description: 'Get people excited and their team ready before they start.', flow_types: ONBOARDING },
  { id: 2, name: 'The first day', description: 'A warm, organised first day: agenda, setup, first introductions.', flow_types: ONBOARDING },
  { id: 3, name: 'The first weeks', description: 'Check-ins, feedback and milestones through the first 90 days.', flow_types: ONBOARDING },
  { id: 4, name: 'Managers and buddies', description: 'Nudges that help managers and buddies do their part.', flow_types: ONBOARDING },
  { id: 5, name: 'Mentorship', description: 'Kick off mentor pairs and keep them meeting.', flow_types: ['mentorship'] },
  { id: 6, name: 'Training', description: 'Courses and certifications with reminders and feedback.', flow_types: ['training'] },
  { id: 7, name: 'Offboarding', description: 'A respectful, complete departure: handover, access and goodbye.', flow_types: ['offboarding'] },
  { id: 8, name: 'Events', description: 'Reminders and follow-ups around an event.', flow_types: ['events', 'other'] },
];

export const PRESETS: LibraryPreset[] = [
  {
    id: 101,
    category_id: 1,
    name: 'Welcome before day one',
    description: 'A welcome note to the new hire and a heads-up with a checklist for their manager.',
    flow_types: ONBOARDING,
    events: [
      {
        id: 10101,
        kind: 'message',
        days_later: -5,
        minute_in_day: H(9),
        recipient_type: 'role',
        recipient: 'manager',
        about: ['primary'],
        title: 'Heads-up: a new teammate starts soon',
        text: "*{name}* joins your team on *{start_date}*. A few things make a first week great:\n• Block 30 minutes on their first morning for a welcome chat\n• Share the 2–3 things you'd love them to learn in week one\n• Tell the team, so the welcome messages start rolling in",
      },
      {
        id: 10102,
        kind: 'task',
        days_later: -3,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'manager',
        about: ['primary'],
        title: "Plan {first_name}'s first week",
        text: "Write down {first_name}'s first-week plan: who they should meet, what to read, and one small, real piece of work they can finish by Friday.",
      },
      {
        id: 10103,
        kind: 'message',
        days_later: -2,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Welcome aboard!',
        text: "Hi {first_name} :wave: Welcome to the team! We're so glad you're joining us on *{start_date}*.\nOver your first weeks I'll send you a few short messages: who to meet, what to set up, and how things are going. Nothing to do yet — enjoy your last days off!",
      },
    ],
  },
  {
    id: 102,
    category_id: 2,
    name: 'A great first day',
    description: 'A morning agenda, profile setup, meeting the manager and a welcome in the team channel.',
    flow_types: ONBOARDING,
    events: [
      {
        id: 10201,
        kind: 'message',
        days_later: 0,
        minute_in_day: H(8, 30),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Good morning, and welcome!',
        text: "Good morning {first_name}, and welcome to your first day! :sunrise:\nHere's what today looks like:\n1. A welcome chat with {manager}\n2. Getting your accounts and Slack profile set up\n3. Lunch with your team\nAsk anything, any time — there are no silly questions this week.",
      },
      {
        id: 10202,
        kind: 'task',
        days_later: 0,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Complete your Slack profile',
        text: 'Add a photo, your title, your pronouns and your time zone to your Slack profile, so teammates know who they are talking to.',
        requirements: ['Slack profile fields'],
      },
      {
        id: 10203,
        kind: 'intro',
        days_later: 0,
        minute_in_day: H(11),
        recipient_type: 'role',
        recipient: 'primary',
        about: ['manager'],
        title: 'Meet your manager',
        text: "{first_name}, meet {manager}, your manager. They'll help you find your feet and set your first goals — grab 30 minutes together today.",
      },
      {
        id: 10204,
        kind: 'channel_post',
        days_later: 0,
        minute_in_day: H(10, 30),
        recipient_type: 'channel',
        recipient: null,
        about: ['primary'],
        title: 'Welcome in the team channel',
        text: ':tada: Please give a warm welcome to *{name}*, who joins us today! Say hi and tell them one thing you wish you had known in your first week.',
        requirements: ['A channel for announcements'],
      },
    ],
  },
  {
    id: 103,
    category_id: 4,
    name: 'Buddy program',
    description: 'A buddy who is not the manager: briefed before day one, introduced on day one, nudged to check in.',
    flow_types: ONBOARDING,
    events: [
      {
        id: 10301,
        kind: 'message',
        days_later: -2,
        minute_in_day: H(9, 30),
        recipient_type: 'role',
        recipient: 'buddy',
        about: ['primary'],
        title: "You're a buddy!",
        text: "Thanks for being *{name}*'s buddy! :handshake: They start on {start_date}. Your job is simple: be the friendly face they can ask the questions they'd rather not ask their manager. A coffee in week one and a check-in in week two go a long way.",
      },
      {
        id: 10302,
        kind: 'intro',
        days_later: 0,
        minute_in_day: H(13),
        recipient_type: 'role',
        recipient: 'primary',
        about: ['buddy'],
        title: 'Meet your buddy',
        text: '{first_name}, meet {buddy}, your onboarding buddy. They have been here a while and know where everything is — find a time for a coffee this week.',
      },
      {
        id: 10303,
        kind: 'message',
        days_later: 6,
        minute_in_day: H(9, 30),
        recipient_type: 'role',
        recipient: 'buddy',
        about: ['primary'],
        title: 'Time for a buddy check-in',
        text: "It's {first_name}'s second week. How about a quick check-in? Ask what has surprised them so far and what they are still unsure about.",
      },
    ],
  },
  {
    id: 104,
    category_id: 3,
    name: 'First-week check-in',
    description: "A Friday pulse poll for the new hire and a 1:1 nudge for their manager.",
    flow_types: ONBOARDING,
    events: [
      {
        id: 10401,
        kind: 'poll',
        days_later: 4,
        minute_in_day: H(15),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'How was your first week?',
        text: 'You made it through week one, {first_name}! :raised_hands: How did it go?',
        poll_options: ['Great — I feel at home', 'Good, a few open questions', 'Overwhelming, I could use some help'],
      },
      {
        id: 10402,
        kind: 'message',
        days_later: 4,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'manager',
        about: ['primary'],
        title: 'End of week one 1:1',
        text: "It's the end of {first_name}'s first week. In your 1:1 today, ask: What went well? What was confusing? What do you need from me next week?",
      },
    ],
  },
  {
    id: 105,
    category_id: 3,
    name: '30-60-90 days',
    description: 'Milestones for the first three months: goals, a 30-day review and a confidence pulse.',
    flow_types: ONBOARDING,
    events: [
      {
        id: 10501,
        kind: 'task',
        days_later: 5,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'primary',
        about: ['manager'],
        title: 'Agree your 30-60-90 day goals',
        text: 'Write down with {manager} what success looks like at 30, 60 and 90 days. Keep it to three goals per milestone.',
      },
      {
        id: 10502,
        kind: 'poll',
        days_later: 14,
        minute_in_day: H(14),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Three-week pulse',
        text: 'Three weeks in! How confident do you feel in your role so far?',
        poll_options: ['Very confident', 'Getting there', 'Not yet'],
      },
      {
        id: 10503,
        kind: 'task',
        days_later: 20,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'manager',
        about: ['primary'],
        title: "{first_name}'s 30-day review",
        text: "Hold {first_name}'s 30-day review: look back at the 30-day goals, celebrate what went well and adjust the next 60 days.",
      },
      {
        id: 10504,
        kind: 'message',
        days_later: 21,
        minute_in_day: H(9, 30),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'One month in',
        text: "Happy one month, {first_name}! :birthday: Take a moment to look back: what are you proud of? Share one win in your team channel — you've earned it.",
      },
      {
        id: 10505,
        kind: 'poll',
        days_later: 62,
        minute_in_day: H(14),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Three-month feedback',
        text: 'Three months! Looking back, how well did your onboarding prepare you?',
        poll_options: ['Very well', 'Well enough', 'Not well — I have ideas'],
      },
    ],
  },
  {
    id: 106,
    category_id: 3,
    name: 'Start together (cohort)',
    description: 'People who start on the same day share a channel: a welcome on day one and a week-two prompt.',
    flow_types: ['onboarding', 'training'],
    events: [
      {
        id: 10601,
        kind: 'cohort_message',
        days_later: 0,
        minute_in_day: H(12),
        recipient_type: 'cohortChannel',
        recipient: null,
        about: ['primary'],
        title: 'Welcome to your cohort',
        text: ":wave: Welcome, everyone! You all started on {start_date}, so this channel is yours: share where you're joining from, your role, and one fun fact about yourself.",
        requirements: ['Cohort channels on'],
      },
      {
        id: 10602,
        kind: 'cohort_message',
        days_later: 6,
        minute_in_day: H(12),
        recipient_type: 'cohortChannel',
        recipient: null,
        about: ['primary'],
        title: 'Week two: share a tip',
        text: "Week two! :bulb: What's one thing you figured out this week that would have saved you time on day one? Share it here.",
        requirements: ['Cohort channels on'],
      },
    ],
  },
  {
    id: 107,
    category_id: 4,
    name: 'People team and IT',
    description: 'Paperwork and equipment ready on time: tasks for the people team and IT, and the forms for the new hire.',
    flow_types: ONBOARDING,
    events: [
      {
        id: 10701,
        kind: 'task',
        days_later: -5,
        minute_in_day: H(9),
        recipient_type: 'role',
        recipient: 'it',
        about: ['primary'],
        title: "Prepare {first_name}'s laptop and accounts",
        text: "{name} starts on {start_date}. Please have their laptop, email and tool accounts ready the day before.",
      },
      {
        id: 10702,
        kind: 'task',
        days_later: 0,
        minute_in_day: H(14),
        recipient_type: 'role',
        recipient: 'primary',
        about: ['people_team'],
        title: 'Complete your payroll and benefits forms',
        text: 'Please fill in your payroll, tax and benefits forms by the end of the week. Questions? {people_team} is happy to help.',
      },
      {
        id: 10703,
        kind: 'message',
        days_later: 3,
        minute_in_day: H(9),
        recipient_type: 'role',
        recipient: 'people_team',
        about: ['primary'],
        title: "Check {first_name}'s paperwork",
        text: "Check that {name}'s contract, payroll and benefits forms are all in before the end of their first week.",
      },
    ],
  },
  {
    id: 201,
    category_id: 5,
    name: 'Mentorship kickoff',
    description: 'Introduce mentor and mentee, brief the mentor and ask the mentee to write their goals.',
    flow_types: ['mentorship'],
    events: [
      {
        id: 20101,
        kind: 'message',
        days_later: 0,
        minute_in_day: H(9, 30),
        recipient_type: 'role',
        recipient: 'mentor',
        about: ['primary'],
        title: 'Your mentee: a quick brief',
        text: "Thank you for mentoring *{name}*! :seedling: A good first conversation covers: their goals for the next 6 months, how often you'll meet (every two weeks works well), and how they like to get feedback.",
      },
      {
        id: 20102,
        kind: 'intro',
        days_later: 0,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'primary',
        about: ['mentor'],
        title: 'Meet your mentor',
        text: '{first_name}, meet {mentor}, your mentor for this program. Book your first 45 minutes together this week.',
      },
      {
        id: 20103,
        kind: 'task',
        days_later: 2,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'primary',
        about: ['mentor'],
        title: 'Write down your mentorship goals',
        text: 'Before your first session, write 2–3 goals you want to work on with {mentor} and share them ahead of time.',
      },
    ],
  },
  {
    id: 202,
    category_id: 5,
    name: 'Monthly mentor check-ins',
    description: 'Keep pairs meeting: monthly nudges and a pulse on how useful it is.',
    flow_types: ['mentorship'],
    events: [
      {
        id: 20201,
        kind: 'message',
        days_later: 20,
        minute_in_day: H(9, 30),
        recipient_type: 'role',
        recipient: 'primary',
        about: ['mentor'],
        title: 'Monthly mentor check-in',
        text: "It's been a month! Have you met {mentor} recently? Bring one win and one challenge to your next session.",
      },
      {
        id: 20202,
        kind: 'poll',
        days_later: 21,
        minute_in_day: H(14),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'How is mentorship going?',
        text: 'How valuable have your mentorship sessions been so far?',
        poll_options: ['Very valuable', 'Somewhat valuable', 'Not yet valuable'],
      },
      {
        id: 20203,
        kind: 'message',
        days_later: 62,
        minute_in_day: H(9, 30),
        recipient_type: 'role',
        recipient: 'mentor',
        about: ['primary'],
        title: 'Three months of mentoring',
        text: "Three months of mentoring {first_name}! Take ten minutes together to look back at their goals and decide what's next.",
      },
    ],
  },
  {
    id: 301,
    category_id: 6,
    name: 'Training course',
    description: 'Before, during and after a course: a reminder, the first module as a task, a reflection and feedback.',
    flow_types: ['training'],
    events: [
      {
        id: 30101,
        kind: 'message',
        days_later: -2,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Your training starts soon',
        text: 'Hi {first_name}! Your *{journey}* training starts on {start_date}. Block an hour a day for it in your calendar now.',
      },
      {
        id: 30102,
        kind: 'task',
        days_later: 0,
        minute_in_day: H(9, 30),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Complete module 1',
        text: 'Start with module 1 today. Mark this done when you finish it — I will remind you until then.',
      },
      {
        id: 30103,
        kind: 'message',
        days_later: 4,
        minute_in_day: H(15),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Reflect on the week',
        text: 'One week of *{journey}* done. Write down one thing you will do differently at work because of it.',
      },
      {
        id: 30104,
        kind: 'poll',
        days_later: 9,
        minute_in_day: H(14),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Rate the training',
        text: 'How useful was *{journey}* for your work?',
        poll_options: ['Very useful', 'Somewhat useful', 'Not useful'],
      },
    ],
  },
  {
    id: 401,
    category_id: 7,
    name: 'Offboarding checklist',
    description: 'Handover, access removal, an exit survey and a goodbye, counted back from the last day.',
    flow_types: ['offboarding'],
    events: [
      {
        id: 40101,
        kind: 'task',
        days_later: -10,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'manager',
        about: ['primary'],
        title: "Plan {first_name}'s handover",
        text: "{name}'s last day is {start_date}. Agree who takes over each of their projects and schedule the handover sessions.",
      },
      {
        id: 40102,
        kind: 'message',
        days_later: -10,
        minute_in_day: H(10, 30),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Your last weeks',
        text: "Hi {first_name}. As your last day ({start_date}) approaches, I'll send a few reminders so nothing falls through the cracks. Thank you for everything you've done here.",
      },
      {
        id: 40103,
        kind: 'poll',
        days_later: -2,
        minute_in_day: H(14),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Exit survey',
        text: 'Would you recommend working here to a friend?',
        poll_options: ['Yes, definitely', 'Maybe', 'No'],
      },
      {
        id: 40104,
        kind: 'task',
        days_later: 0,
        minute_in_day: H(16),
        recipient_type: 'role',
        recipient: 'it',
        about: ['primary'],
        title: "Remove {first_name}'s access",
        text: "Today is {name}'s last day. Collect their equipment and remove their accounts at the end of the day.",
      },
      {
        id: 40105,
        kind: 'message',
        days_later: 0,
        minute_in_day: H(11),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'Goodbye and thank you',
        text: 'Today is your last day, {first_name}. Thank you for all you have built with us — the door is always open. :wave:',
      },
    ],
  },
  {
    id: 501,
    category_id: 8,
    name: 'Event reminders',
    description: 'A reminder a week before, one on the day, and a feedback poll the day after.',
    flow_types: ['events', 'other'],
    events: [
      {
        id: 50101,
        kind: 'message',
        days_later: -5,
        minute_in_day: H(10),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'One week to go',
        text: 'Hi {first_name}! *{journey}* is on {start_date}. Add it to your calendar if you have not yet.',
      },
      {
        id: 50102,
        kind: 'message',
        days_later: 0,
        minute_in_day: H(8, 30),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'It is today!',
        text: 'Good morning {first_name}! *{journey}* is today. See you there. :calendar:',
      },
      {
        id: 50103,
        kind: 'poll',
        days_later: 1,
        minute_in_day: H(11),
        recipient_type: 'role',
        recipient: 'primary',
        about: [],
        title: 'How was it?',
        text: 'Thanks for joining *{journey}*! How was it?',
        poll_options: ['Loved it', 'It was fine', 'Not for me'],
      },
    ],
  },
];

export const BUNDLES: LibraryBundle[] = [
  {
    id: 1,
    name: 'Onboarding essentials',
    description: 'Everything a new hire needs in their first 90 days: welcome, first day, buddy, check-ins and milestones.',
    flow_type: 'onboarding',
    preset_ids: [101, 102, 103, 104, 105],
    quick_setup_types: ['one_click_onboarding', 'hris_one_click_onboarding'],
  },
  {
    id: 2,
    name: 'Onboarding in cohorts',
    description: 'For teams hiring in waves: people starting together share a channel, with paperwork and IT on time.',
    flow_type: 'onboarding',
    preset_ids: [101, 102, 104, 106, 107],
    quick_setup_types: ['one_click_onboarding'],
  },
  { id: 3, name: 'Mentorship program', description: 'Kick off mentor pairs and keep them meeting for three months.', flow_type: 'mentorship', preset_ids: [201, 202], quick_setup_types: ['mentorship'] },
  { id: 4, name: 'Training course', description: 'Run a course with reminders, a task and feedback.', flow_type: 'training', preset_ids: [301], quick_setup_types: ['training'] },
  { id: 5, name: 'Offboarding', description: 'A complete, respectful departure.', flow_type: 'offboarding', preset_ids: [401], quick_setup_types: ['offboarding'] },
  { id: 6, name: 'Event', description: 'Reminders before an event and feedback after.', flow_type: 'events', preset_ids: [501], quick_setup_types: [] },
];

export const presetById = (id: number): LibraryPreset | undefined => PRESETS.find((p) => p.id === id);
export const bundleById = (id: number): LibraryBundle | undefined => BUNDLES.find((b) => b.id === id);
export const categoryById = (id: number): LibraryCategory | undefined => CATEGORIES.find((c) => c.id === id);
