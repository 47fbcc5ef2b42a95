import { useNavigate } from 'react-router';
import { SuccessModal } from '../../../kit';
import type { CreateTagAnswer } from '../api/journeysApi';
import { plural } from '../lib/schedule';

/** After a one-click or bundle create: what was made, and where to go next. `hris`: people arrive from the HR system. */
export function CreateSuccessModal({ answer, hris, onClose }: { answer: CreateTagAnswer; hris?: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const go = (search = '') => {
    onClose();
    void navigate(`${answer.redirect_url}${search}`);
  };
  const active = answer.events.filter((e) => e.active).length;
  const off = answer.events.length - active;
  const limit = answer.tag.num_events > 0 && off > 0 ? off : 0;
  return (
    <SuccessModal
      title={`${answer.tag.name} is ready`}
      buttonText="See the journey"
      onClose={() => go()}
      actions={
        <button type="button" className="button button-secondary" onClick={() => go('?tab=dry_run')}>
          Try a dry run
        </button>
      }
    >
      <p className="success-lead">
        {plural(active, 'message')} {active === 1 ? 'is' : 'are'} scheduled
        {answer.new_roles.length > 0 && <>, with {answer.new_roles.map((r) => r.plural_name).join(', ')} added as roles</>}.
      </p>
      {limit > 0 && (
        <p className="notice notice-warning">
          {plural(limit, 'more item')} {limit === 1 ? 'is' : 'are'} in the journey, turned off for now (on the free plan a journey sends 3 messages).
        </p>
      )}
      <p className="muted">
        {hris
          ? 'New hires from your HR system are enrolled automatically on their start date. Nothing is sent until someone is enrolled.'
          : 'Nothing is sent until someone is enrolled. Look through the calendar, send yourself a test, then enrol your first person.'}
      </p>
    </SuccessModal>
  );
}
