import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ArrowDownIcon, ArrowUpIcon, ChannelPicker, ChevronLeftIcon, EditIcon, InlineError, PageState, PlusIcon, Spinner, Switch, TextAreaField, TextField, toastSuccess, TrashIcon, EyeIcon, type ChannelOption } from '../../kit';
import { PageHeader } from '../PageHeader';
import { AssetUploader } from '../settings/AssetUploader';
import { HUB_LIMITS as L, MODULE_LABELS, SITE_SAVE_ERROR, siteQuery, useSaveSite, type Flow, type HubFrameData, type HubModuleSettings, type HubSiteAnswer, type HubTemplate } from './hubApi';
import { HubView } from './HubView';

function useFlowAndTag(): { flow: Flow; tagId: string } {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  return { flow: pathname.startsWith('/participants') ? 'participants' : 'onboarding', tagId: id };
}

/** The frame the preview shows for a template (not yet saved): its enabled modules, in order. */
function previewFrame(answer: HubSiteAnswer, template: HubTemplate, published: boolean): HubFrameData {
  return {
    ...answer.preview.frame,
    published,
    modules: template.modules.filter((m) => m.enabled).map((m) => ({ ...m, image_url: m.image_asset_id === null ? null : `/onboarding/assets/${m.image_asset_id}/file` })),
  };
}

/** /{flow}/tags/{id}/site: the journey's hub as its participants will see it (sample data: you as the participant). */
export function SitePreviewPage() {
  const { flow, tagId } = useFlowAndTag();
  const site = useQuery(siteQuery(flow, tagId));
  return (
    <PageState headingLevel={1} query={site} what="journey" backTo={`/${flow}/tags`} backLabel="Back to journeys">
      {(answer) => (
        <>
          <PageHeader
            title="Journey site preview"
            subtitle={`${answer.journey_name} · ${answer.site.published ? 'Published: participants can open it' : 'Not published: only the journey\'s admins and the people in its other roles can open it'}`}
            actions={
              <Link className="button button-primary" to={`/${flow}/tags/${tagId}/site/edit`}>
                <EditIcon aria-hidden="true" /> Edit site
              </Link>
            }
          />
          <div className="preview-frame">
            <HubView frame={answer.preview.frame} source={{ kind: 'preview', data: answer.preview.data }} />
          </div>
        </>
      )}
    </PageState>
  );
}

/** /{flow}/tags/{id}/site/edit: modules on and off, their order, texts, links, image and channels, published; a live preview. */
export function SiteEditorPage() {
  const { flow, tagId } = useFlowAndTag();
  const site = useQuery(siteQuery(flow, tagId));
  return (
    <PageState headingLevel={1} query={site} what="journey" backTo={`/${flow}/tags`} backLabel="Back to journeys">
      {(answer) => <SiteEditor key={answer.site.updated_at ?? 'new'} answer={answer} flow={flow} tagId={tagId} />}
    </PageState>
  );
}

function SiteEditor({ answer, flow, tagId }: { answer: HubSiteAnswer; flow: Flow; tagId: string }) {
  const [template, setTemplate] = useState<HubTemplate>(answer.site.template);
  const [published, setPublished] = useState(answer.site.published);
  const save = useSaveSite(flow, tagId);
  const knownChannels = answer.preview.data.channels.channels.map((c) => ({ uid: c.id, name: c.name }));

  const update = (index: number, patch: Partial<HubModuleSettings>) => setTemplate((t) => ({ modules: t.modules.map((m, i) => (i === index ? { ...m, ...patch } : m)) }));
  const move = (index: number, by: -1 | 1) =>
    setTemplate((t) => {
      const modules = [...t.modules];
      const [m] = modules.splice(index, 1);
      modules.splice(index + by, 0, m!);
      return { modules };
    });

  const submit = () => save.mutate({ template, published }, { onSuccess: () => toastSuccess('The journey site is saved.') });

  return (
    <>
      <PageHeader
        title="Journey site editor"
        subtitle={answer.journey_name}
        actions={
          <>
            <Link className="button button-secondary" to={`/${flow}/tags/${tagId}/site`}>
              <EyeIcon aria-hidden="true" /> Preview
            </Link>
            <button type="button" className="button button-primary" disabled={save.isPending} onClick={submit}>
              {save.isPending && <Spinner title="" />} Save
            </button>
          </>
        }
      />
      {save.isError && (
        <InlineError className="hub-error">{SITE_SAVE_ERROR}</InlineError>
      )}
      <div className="hub-editor">
        <form
          className="hub-editor-form"
          aria-label="Journey site"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="card">
            <Switch checked={published} onChange={setPublished} label="Published" description="Participants can open their hub from the link in their journey messages. The journey's admins and the people in its other roles always can." />
          </div>
          <ol className="hub-editor-modules">
            {template.modules.map((m, i) => (
              <li key={m.type} className="card hub-editor-module">
                <div className="hub-editor-module-head">
                  <h2 className="hub-module-title">{MODULE_LABELS[m.type]}</h2>
                  <div className="hub-editor-move">
                    <button type="button" className="button button-secondary button-small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${MODULE_LABELS[m.type]} up`}>
                      <ArrowUpIcon aria-hidden="true" />
                    </button>
                    <button type="button" className="button button-secondary button-small" disabled={i === template.modules.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${MODULE_LABELS[m.type]} down`}>
                      <ArrowDownIcon aria-hidden="true" />
                    </button>
                  </div>
                </div>
                <Switch checked={m.enabled} onChange={(enabled) => update(i, { enabled })} label={`Show ${MODULE_LABELS[m.type]}`} size="small" />
                {m.enabled && <ModuleFields module={m} knownChannels={knownChannels} onChange={(patch) => update(i, patch)} />}
              </li>
            ))}
          </ol>
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending && <Spinner title="" />} Save
          </button>
        </form>
        <aside className="hub-editor-preview" aria-label="Live preview">
          <p className="muted hub-preview-note">Live preview, with you as the participant</p>
          <div className="preview-frame">
            <HubView frame={previewFrame(answer, template, published)} source={{ kind: 'preview', data: answer.preview.data }} />
          </div>
        </aside>
      </div>
      <p>
        <Link to={`/${flow}/tags/${tagId}`}>
          <ChevronLeftIcon aria-hidden="true" /> Back to the journey
        </Link>
      </p>
    </>
  );
}

function ModuleFields({ module: m, knownChannels, onChange }: { module: HubModuleSettings; knownChannels: ChannelOption[]; onChange: (patch: Partial<HubModuleSettings>) => void }) {
  const label = MODULE_LABELS[m.type];
  return (
    <div className="hub-editor-fields">
      <TextField label={`${label}: title`} value={m.title} onChange={(title) => onChange({ title })} maxLength={L.title} />
      <TextAreaField label={`${label}: text`} hint="Shown under the title. *bold*, _italic_, links; {first_name}, {journey} and {start_date} are filled in." value={m.text} onChange={(text) => onChange({ text })} maxLength={L.text} optional rows={3} />
      {m.type === 'welcome' && (
        <div className="hub-editor-image">
          {m.image_asset_id !== null && (
            <div className="hub-editor-image-current">
              <img className="thumbnail" src={`/onboarding/assets/${m.image_asset_id}/thumbnail`} alt="The welcome image" />
              <button type="button" className="button button-secondary button-small" onClick={() => onChange({ image_asset_id: null })}>
                <TrashIcon aria-hidden="true" /> Remove image
              </button>
            </div>
          )}
          <AssetUploader label={m.image_asset_id === null ? 'Image' : 'Another image'} accept="image/*" multiple={false} onUploaded={(asset) => onChange({ image_asset_id: asset.id })} />
        </div>
      )}
      {m.type === 'resources' && <LinksField links={m.links} onChange={(links) => onChange({ links })} />}
      {m.type === 'channels' && (
        <ChannelPicker label="Channels to join" multiple value={m.channel_ids} knownChannels={knownChannels} onChange={(channel_ids) => onChange({ channel_ids })} />
      )}
    </div>
  );
}

function LinksField({ links, onChange }: { links: HubModuleSettings['links']; onChange: (links: HubModuleSettings['links']) => void }) {
  const set = (i: number, patch: Partial<HubModuleSettings['links'][number]>) => onChange(links.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <fieldset className="plain-fieldset hub-editor-links">
      <legend className="kit-field-label">Links</legend>
      {links.map((l, i) => (
        <div key={i} className="hub-editor-link">
          <TextField label={`Link ${i + 1}: label`} value={l.label} onChange={(label) => set(i, { label })} maxLength={L.linkLabel} counter={false} />
          <TextField label={`Link ${i + 1}: address`} type="url" value={l.url} onChange={(url) => set(i, { url })} maxLength={L.url} counter={false} placeholder="https://" />
          <button type="button" className="button button-secondary button-small" onClick={() => onChange(links.filter((_, j) => j !== i))} aria-label={`Remove link ${i + 1}`}>
            <TrashIcon aria-hidden="true" />
          </button>
        </div>
      ))}
      {links.length < L.links && (
        <button type="button" className="button button-secondary button-small" onClick={() => onChange([...links, { label: '', url: '' }])}>
          <PlusIcon aria-hidden="true" /> Add link
        </button>
      )}
    </fieldset>
  );
}
