import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/currentUser';
import { Callout, PageState } from '../../kit';
import { PageHeader } from '../PageHeader';
import './installed.css';

/** Slack's own link that opens an app in the person's Slack, on its Home tab when it has one. */
const slackAppLink = (teamId: string, appId: string) => `https://slack.com/app_redirect?${new URLSearchParams({ app: appId, team: teamId }).toString()}`;

/**
 * /installed: where an OAuth install lands, signed in as the installer: it worked, and what to do next — open
 * Hearth's Home in Slack, try `/hearth help`, start a first program.
 */
export default function InstalledPage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const appId = params.get('app');
  return <PageState query={user} headingLevel={1}>{(me) => <Installed teamName={me.team.name} teamId={me.team.slack_team_id} appId={appId} />}</PageState>;
}

function Installed({ teamName, teamId, appId }: { teamName: string; teamId: string; appId: string | null }) {
  return (
    <div className="installed-page">
      <PageHeader title="Hearth is installed" subtitle={`Hearth is now part of ${teamName || 'your Slack workspace'}.`} />
      <Callout>Hearth is reading your workspace’s people and channels now; it posts nothing until you start a program.</Callout>
      <ol className="installed-steps" aria-label="What to do next">
        <li className="card">
          <h2 className="card-title">Open Hearth’s Home in Slack</h2>
          <p className="muted">Each person’s own settings, dates and intros, in the Home tab of the Hearth app.</p>
          {appId ? (
            <a className="button button-secondary" href={slackAppLink(teamId, appId)}>
              Open Hearth in Slack
            </a>
          ) : (
            <p className="muted">In Slack, find Hearth under Apps and open its Home tab.</p>
          )}
        </li>
        <li className="card">
          <h2 className="card-title">
            Type <code>/hearth help</code>
          </h2>
          <p className="muted">In any channel: everything you and your team can ask Hearth, from snoozing intros to giving a shoutout.</p>
        </li>
        <li className="card">
          <h2 className="card-title">Start a first program</h2>
          <p className="muted">Pair people for intros, post Watercooler prompts, or celebrate birthdays, in a channel you choose.</p>
          <Link className="button button-primary" to="/templates">
            Choose a program
          </Link>
        </li>
      </ol>
    </div>
  );
}
