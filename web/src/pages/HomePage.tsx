import { Link } from 'react-router';
import { useCurrentUser } from '../api/currentUser';
import type { Permissions } from '../api/types';
import { pageIsBuilt, type BuiltPage } from '../layout/nav';
import { PageHeader } from './PageHeader';
import { greetingName } from '../../../src/people/greeting';

interface ProgramCard {
  title: string;
  text: string;
  to: string;
  action: string;
  secondary?: { to: string; label: string };
  accent: string;
  /** What the member must have for the card to show (its page would answer 403 otherwise). */
  permission?: keyof Permissions;
}

const PROGRAMS: readonly ProgramCard[] = [
  {
    title: 'Intros',
    text: 'Pair or group people on a schedule so they meet someone new.',
    to: '/all_channels?type=intros',
    action: 'See Intros programs',
    secondary: { to: '/channel_programs/new?preview=intros', label: 'Start an Intros program' },
    accent: 'ember',
  },
  {
    title: 'Watercooler',
    text: 'Post conversation prompts into a channel, drawn from packs you choose.',
    to: '/all_channels?type=watercooler',
    action: 'See Watercooler programs',
    secondary: { to: '/channel_programs/new?preview=watercooler', label: 'Start a Watercooler' },
    accent: 'sky',
  },
  {
    title: 'Celebrations',
    text: 'Celebrate birthdays, work anniversaries and your own dates.',
    to: '/celebrations',
    action: 'See celebrations',
    accent: 'sun',
  },
  {
    title: 'Journeys',
    text: 'Onboarding and other journeys: scheduled messages, tasks, polls and intros.',
    to: '/onboarding',
    action: 'Open journeys',
    secondary: { to: '/participants/tags', label: 'Other journeys' },
    accent: 'leaf',
    permission: 'journeys',
  },
  {
    title: 'Reporting',
    text: 'How your programs are doing, what needs attention, and what people say about their intros.',
    to: '/reporting',
    action: 'Open reporting',
    secondary: { to: '/reporting/attention_required', label: 'Attention required' },
    accent: 'plum',
    permission: 'reporting',
  },
  {
    title: 'Points & Rewards',
    text: 'Shoutouts, a points leaderboard and a rewards catalogue.',
    to: '/points',
    action: 'Open the leaderboard',
    secondary: { to: '/rewards', label: 'Rewards' },
    accent: 'ember',
  },
  {
    title: 'Templates',
    text: 'Ready-made programs and messages to start from.',
    to: '/templates',
    action: 'Browse templates',
    accent: 'sky',
  },
  {
    title: 'All channels',
    text: 'Every program in every channel, in one list.',
    to: '/all_channels',
    action: 'See all channels',
    accent: 'leaf',
  },
];

/** The cards and links that lead to pages that exist (issue 14, item 9): a card for a page not built yet is left out. */
export function builtCards(cards: readonly ProgramCard[], pages: readonly BuiltPage[]): ProgramCard[] {
  return cards
    .filter((card) => pageIsBuilt(card.to, pages))
    .map((card) => (card.secondary && !pageIsBuilt(card.secondary.to, pages) ? { ...card, secondary: undefined } : card));
}

const SETTINGS_LINKS = [
  { to: '/settings/profile', text: 'your profile', what: 'Snooze intros and set your working hours in' },
  { to: '/settings/intros', text: 'your Intros preferences', what: 'Choose how you are introduced in' },
  { to: '/settings/celebrations', text: 'your celebration preferences', what: 'Choose how your birthday and work anniversary are celebrated in' },
  { to: '/integrations', text: 'integrations', what: 'Connect your calendar and video accounts in' },
] as const;

export function HomePage({ pages }: { pages: readonly BuiltPage[] }) {
  const { data: user } = useCurrentUser();
  const cards = builtCards(PROGRAMS, pages).filter((card) => card.permission === undefined || user?.permissions[card.permission] === true);
  const settings = SETTINGS_LINKS.filter((l) => pageIsBuilt(l.to, pages));
  const firstName = user ? greetingName(user.name) : '';
  return (
    <section className="home" aria-labelledby="home-title">
      <PageHeader
        title={<span id="home-title">{firstName ? `Welcome back, ${firstName}` : 'Welcome to Hearth'}</span>}
        subtitle={user ? `Community programs for ${user.team.name}` : 'Community programs for your Slack workspace'}
      />
      <ul className="program-grid" aria-label="Programs">
        {cards.map((program) => (
          <li key={program.title} className={`card program-card accent-${program.accent}`}>
            <h2 className="program-card-title">{program.title}</h2>
            <p className="program-card-text">{program.text}</p>
            <div className="program-card-actions">
              <Link className="button button-primary" to={program.to}>
                {program.action}
              </Link>
              {program.secondary && (
                <Link className="text-link" to={program.secondary.to}>
                  {program.secondary.label}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
      {settings.length > 0 && (
        <div className="card home-settings">
          <h2 className="card-title">Your settings</h2>
          <ul className="home-settings-list">
            {settings.map((l) => (
              <li key={l.to}>
                {l.what}{' '}
                <Link className="text-link" to={l.to}>
                  {l.text}
                </Link>
                .
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
