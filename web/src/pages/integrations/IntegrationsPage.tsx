import { useCurrentUser } from '../../api/currentUser';
import { PageSkeleton, PageState } from '../../kit';
import { PageHeader, useDocumentTitle } from '../PageHeader';
import { AtsSection } from './AtsSection';
import { CalendarSection } from './CalendarSection';
import { HrisSection } from './HrisSection';
import { useIntegrationsOverview } from './integrationsApi';
import './integrations.css';

/** /integrations: the HR system, applicant tracking (admins), and the member's own calendar and video accounts. */
export default function IntegrationsPage() {
  useDocumentTitle('Integrations');
  const overview = useIntegrationsOverview();
  const user = useCurrentUser();
  const isAdmin = user.data?.is_admin === true;
  return (
    <div className="integrations-page">
      <PageHeader title="Integrations" subtitle="Connect your HR system, applicant tracking, and your calendar and video accounts." />
      <PageState query={overview} skeleton={<PageSkeleton cards={3} />}>
        {(data) => (
          <div className="integrations-grid">
            {(isAdmin || data.hris.identity) && <HrisSection available={data.hris.available} identity={data.hris.identity} isAdmin={isAdmin} />}
            {isAdmin && <AtsSection identities={data.ats.identities} permissionGroups={data.ats.permission_groups} isAdmin={isAdmin} />}
            <CalendarSection identities={data.identities} />
          </div>
        )}
      </PageState>
    </div>
  );
}
