import { useLocation, useParams } from 'react-router';

/** The base path ({flow} or {flow}/tags/{tagId}) of the manual enrollment and batches pages. */
export function useEnrollmentBase() {
  const { tagId } = useParams();
  const flow: 'onboarding' | 'participants' = useLocation().pathname.startsWith('/participants') ? 'participants' : 'onboarding';
  return { flow, tagId: tagId ? Number(tagId) : null, base: tagId ? `/${flow}/tags/${tagId}` : `/${flow}` };
}
