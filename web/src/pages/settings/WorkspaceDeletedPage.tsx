import { PageHeader } from '../PageHeader';
import './settings.css';

/**
 * /workspace_deleted: where an admin lands after deleting the workspace's data (docs/privacy.md). Signed out by then,
 * so the page needs no one: it says it is done and what is left to do in Slack.
 */
export default function WorkspaceDeletedPage() {
  return (
    <div className="settings-page">
      <PageHeader title="Your workspace’s data is deleted" subtitle="Hearth no longer holds anything for your workspace, and you are signed out." />
      <section className="card settings-section" aria-labelledby="next-title">
        <h2 id="next-title" className="card-title">One thing left to do</h2>
        <p className="muted section-lead">Remove Hearth from your workspace in Slack (Apps, then Hearth, then Remove app), so it stops receiving anything from your workspace. To use Hearth again later, install it anew.</p>
        <a className="button button-secondary" href="/">
          Back to Hearth
        </a>
      </section>
    </div>
  );
}
