import { Link } from 'react-router';
import { useSearchParam } from '../../api/searchParams';
import { EmptyState, InlineError, Spinner } from '../../kit';
import { PageHeader } from '../PageHeader';
import { PROGRAM_SLUGS, PROGRAM_TYPES, slugOf, useTemplates, type ProgramTemplate } from './programsApi';
import { TypeBadge } from './AllChannelsPage';
import { JourneyTemplates } from '../journeys/create/JourneyTemplates';
import './programs.css';

export function templatePath(template: Pick<ProgramTemplate, 'id' | 'type'>): string {
  return `/channel_programs/new?${new URLSearchParams({ preview: slugOf(template.type), template_id: template.id }).toString()}`;
}

function TemplateCard({ template }: { template: ProgramTemplate }) {
  const to = templatePath(template);
  return (
    <li className="card template-card">
      <div className="template-card-head">
        <TypeBadge type={template.type} />
        {template.is_default && <span className="muted small">Hearth default</span>}
      </div>
      <h3 className="card-title template-card-name">{template.name}</h3>
      <p className="muted small template-card-text">{template.description}</p>
      <div className="template-card-actions">
        <Link className="button button-primary" to={to} aria-label={`Use template ${template.name}`}>
          Use template
        </Link>
      </div>
    </li>
  );
}

export default function TemplatesPage() {
  const [hide, setHide] = useSearchParam('hide_defaults');
  const hideDefaults = hide === 'true';
  const templates = useTemplates(hideDefaults);
  const list = templates.data ?? [];

  let body: React.ReactNode;
  if (templates.isPending) {
    body = (
      <div className="page-loading" role="status">
        <Spinner /> Loading templates…
      </div>
    );
  } else if (templates.isError) {
    body = (
      <InlineError onRetry={() => void templates.refetch()}>We couldn't load the templates.</InlineError>
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState title="No templates to show">
        {hideDefaults ? 'Show Hearth’s default templates to see them here.' : 'Templates appear here as programs are set up.'}
      </EmptyState>
    );
  } else {
    body = PROGRAM_SLUGS.map((slug) => {
      const ofKind = list.filter((t) => slugOf(t.type) === slug);
      if (ofKind.length === 0) return null;
      return (
        <section key={slug} className="template-group" aria-labelledby={`templates-${slug}`}>
          <h2 id={`templates-${slug}`} className="section-title">
            {PROGRAM_TYPES[slug].label}
          </h2>
          <p className="muted section-lead">{PROGRAM_TYPES[slug].blurb}</p>
          <ul className="template-grid">
            {ofKind.map((t) => (
              <TemplateCard key={t.id} template={t} />
            ))}
          </ul>
        </section>
      );
    });
  }

  return (
    <section className="templates-page" aria-labelledby="templates-title">
      <PageHeader
        title={<span id="templates-title">Template library</span>}
        subtitle="Ready-made programs to start from. Pick one, choose a channel, and adjust the details later."
        actions={
          <label className="check-label">
            <input type="checkbox" checked={hideDefaults} onChange={(e) => setHide(e.target.checked ? 'true' : null, { replace: true })} />
            Hide Hearth’s defaults
          </label>
        }
      />
      {body}
      <JourneyTemplates />
    </section>
  );
}
