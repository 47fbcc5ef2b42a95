import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { OwnershipSection, PageState } from '../../../kit';
import { PageHeader } from '../../PageHeader';
import { TypeBadge } from '../../programs/AllChannelsPage';
import type { ProgramJson } from '../../programs/programsApi';
import { useCoffee, useStoreCoffee, type CoffeePageData } from '../introsApi';
import { SettingsForm } from './SettingsForm';
import { WelcomeSection } from './WelcomeSection';
import '../../programs/programs.css';
import '../intros.css';

export { SAVE_ERROR_TEXT } from './settingsText';

function Ownership({ data, id }: { data: CoffeePageData; id: string }) {
  const store = useStoreCoffee(id);
  const members = useMemo(() => data.members.filter((m) => m.status !== 'ineligible'), [data.members]);
  return (
    <OwnershipSection<{ program?: ProgramJson }>
      program={data.program}
      people={members}
      path={`/coffee/${id}/update_ownership_as_json`}
      onSaved={(answer) => store({ ...data, program: answer.program ?? data.program })}
    />
  );
}

/** /coffee/{id}/edit: an Intros program's settings, its owners and the workspace's welcome message. */
export default function IntrosSettingsPage() {
  const { id = '' } = useParams();
  const coffee = useCoffee(id);
  return (
    <PageState headingLevel={1} query={coffee} what="Intros program" backTo="/all_channels?type=intros" backLabel="All Intros programs">
      {(data) => (
        <section className="intros-settings" aria-labelledby="intros-settings-title">
          <PageHeader
            title={
              <span id="intros-settings-title" className="title-with-badges">
                Settings for {data.program.channel}
                <TypeBadge type={data.program.type} />
              </span>
            }
            subtitle="Changes apply from the next round."
            actions={
              <Link className="button button-secondary" to={`/coffee/${id}`}>
                Back to the program
              </Link>
            }
          />
          <div className="settings-layout">
            <SettingsForm key={data.config.id} data={data} id={id} />
            <Ownership data={data} id={id} />
            <WelcomeSection data={data} id={id} />
          </div>
        </section>
      )}
    </PageState>
  );
}
