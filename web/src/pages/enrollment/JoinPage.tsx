import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { SELF_ENROLL_ERROR_TEXT } from '../../../../src/enrollment/api-constants';
import { ApiError } from '../../api/client';
import { InlineError, PageState } from '../../kit';
import { PageHeader } from '../PageHeader';
import { joinCheckQuery, useSelfEnroll } from './enrollmentApi';
import './enrollment.css';

/** The spec's self-enroll failure text: the server's displayError, else the default (journeys.md §8). */
function joinError(error: unknown): string {
  const said = error instanceof ApiError ? error.body?.displayError : undefined;
  return typeof said === 'string' && said ? said : SELF_ENROLL_ERROR_TEXT;
}

/** /{flow}/tags/{tagId}/join: the link an admin shares; a member joins the journey themselves. */
export default function JoinPage() {
  const { tagId } = useParams();
  const flow = useLocation().pathname.startsWith('/participants') ? 'participants' : 'onboarding';
  const base = `/${flow}/tags/${tagId}`;
  const check = useQuery(joinCheckQuery(base));
  const join = useSelfEnroll(base);
  return (
    <div className="enrollment-page">
      <PageState headingLevel={1} query={check} what="journey">
        {(c) => (
          <>
            <PageHeader title={`Join ${c.journey.name}`} subtitle="Hearth sends your journey's messages, tasks and polls to you in Slack." />
            {join.isSuccess ? (
              <p role="status">You're on {c.journey.name}. Your first messages arrive in Slack; each one links to your journey hub.</p>
            ) : !c.valid ? (
              <InlineError>{c.displayError ?? SELF_ENROLL_ERROR_TEXT}</InlineError>
            ) : (
              <div className="button-row">
                <button type="button" className="button" disabled={join.isPending} onClick={() => join.mutate()}>
                  Join {c.journey.name}
                </button>
              </div>
            )}
            {join.isError && <InlineError>{joinError(join.error)}</InlineError>}
          </>
        )}
      </PageState>
    </div>
  );
}
