import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ErrorState, LockIcon, NotFoundState, PageSkeleton } from '../../kit';
import { hubFrameQuery } from './hubApi';
import { HubView } from './HubView';

/**
 * /site/{sessionId}: one session's journey hub, opened from the link in a journey's Slack messages (which signs
 * its recipient in) or after Sign in with Slack. Refused (403) or not found (404) says so.
 */
export default function HubPage() {
  const { sessionId = '' } = useParams();
  const frame = useQuery(hubFrameQuery(sessionId));
  if (frame.data) return <HubView frame={frame.data} source={{ kind: 'session', sessionId }} />;
  if (frame.error instanceof ApiError && frame.error.status === 403)
    return (
      <div className="kit-state hub-refused" role="region" aria-label="No access">
        <span className="kit-state-icon">
          <LockIcon />
        </span>
        <h1 className="kit-state-title">You can't open this journey hub</h1>
        <p className="kit-state-text">{frame.error.serverError}</p>
      </div>
    );
  if (frame.error instanceof ApiError && (frame.error.status === 404 || frame.error.status === 400)) return <NotFoundState headingLevel={1} what="journey hub" />;
  if (frame.isError) return <ErrorState headingLevel={1} error={frame.error} onRetry={() => void frame.refetch()} />;
  return <PageSkeleton />;
}
