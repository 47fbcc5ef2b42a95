import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { EnrollmentSurveyJson, PresetSurveyJson, QuestionType, RoleSurvey, SurveyQuestion } from '../../../../src/enrollment/api-types';
import { MAX_CHOICE_OPTIONS, newQuestion, nextIsoMonday, setSecondSurvey, withType } from '../../../../src/enrollment/survey-rules';
import { ChannelPicker, DateField, PageState, Select, Switch, TextField, toastSuccess, todayIn, viewerZone } from '../../kit';
import { tagQuery, type RoleJson, type TagDetail } from '../journeys/api/journeysApi';
import { PageHeader } from '../PageHeader';
import { presetSurveysQuery, surveyQuery, useSaveSurvey, useShareSurvey } from './enrollmentApi';
import './enrollment.css';

const TYPES: Array<{ value: QuestionType; label: string }> = [
  { value: 'text', label: 'Text' },
  { value: 'radio', label: 'One choice' },
  { value: 'checkbox', label: 'Several choices' },
];

/** Why a choice question takes no more options (the server refuses more with the same reason). */
export const MAX_OPTIONS_TEXT = `A question can have at most ${MAX_CHOICE_OPTIONS} options: Slack shows no more.`;

/**
 * /{flow}/tags/{tagId}/enrollment_surveys/new, and a saved survey's own page …/enrollment_surveys/{surveyId}: a
 * journey's enrollment survey, then its share to Slack. Saving a new one goes to its own page (a second save
 * changes it, never makes another).
 */
export default function NewSurveyPage() {
  const { tagId, surveyId } = useParams();
  const flow = useLocation().pathname.startsWith('/participants') ? 'participants' : 'onboarding';
  const base = `/${flow}/tags/${tagId}`;
  const tag = useQuery(tagQuery(flow, tagId));
  const presets = useQuery(presetSurveysQuery);
  const existing = useQuery(surveyQuery(base, surveyId));
  return (
    <PageState headingLevel={1} query={tag} what="journey">
      {(detail) => (
        <PageState headingLevel={1} query={presets} what="preset surveys">
          {(p) => (
            <PageState headingLevel={1} query={existing} what="survey">
              {(survey) => <SurveyEditor key={survey?.id ?? 'new'} base={base} detail={detail} presets={p.preset_enrollment_surveys} initial={survey} />}
            </PageState>
          )}
        </PageState>
      )}
    </PageState>
  );
}

function SurveyEditor({ base, detail, presets, initial }: { base: string; detail: TagDetail; presets: PresetSurveyJson[]; initial: EnrollmentSurveyJson | null }) {
  const navigate = useNavigate();
  const roles = detail.roles;
  const primary = roles.find((r) => r.primary) ?? roles[0]!;
  const second = roles.find((r) => !r.primary) ?? primary;
  const [name, setName] = useState(initial?.name ?? `${detail.tag.name} sign-up`);
  const [surveys, setSurveys] = useState<RoleSurvey[]>(initial?.role_enrollment_surveys ?? [{ role_id: primary.id, questions: [newQuestion()] }]);
  const [saved, setSaved] = useState<EnrollmentSurveyJson | null>(initial);
  const roleFor = (purpose: 'primary' | 'mentor'): RoleJson => (purpose === 'primary' ? primary : (roles.find((r) => r.purpose === 'mentor' || r.purpose === 'buddy') ?? second));

  const applyPreset = (key: string) => {
    const preset = presets.find((p) => p.key === key);
    if (preset) setSurveys(preset.role_enrollment_surveys.map((s) => ({ role_id: roleFor(s.role_purpose).id, questions: s.questions.map((q) => ({ ...q, options: q.options.map((o) => ({ ...o })) })) })));
  };
  const setQuestions = (i: number, questions: SurveyQuestion[]) => setSurveys(surveys.map((s, j) => (j === i ? { ...s, questions } : s)));

  const saveSurvey = useSaveSurvey(base);
  const save = () =>
    saveSurvey.mutate(
      { id: saved?.id ?? null, body: { enrollment_survey: { name, role_enrollment_surveys: surveys } } },
      {
        onSuccess: (answer) => {
          setSaved(answer.enrollment_survey);
          toastSuccess('Survey saved.');
          if (!saved) navigate(`${base}/enrollment_surveys/${answer.enrollment_survey.id}`, { replace: true });
        },
      },
    );

  return (
    <div className="enrollment-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to={`${base}?tab=enrollment`}>{detail.tag.name}: enrollment</Link>
      </nav>
      <PageHeader title={saved ? `${saved.name}: enrollment survey of ${detail.tag.name}` : `New enrollment survey for ${detail.tag.name}`} />
      <Select label="Start from a preset" options={presets.map((p) => ({ value: p.key, label: p.name }))} placeholder="Choose a preset…" onChange={(v) => v[0] && applyPreset(v[0])} />
      <TextField label="Survey name" value={name} onChange={setName} maxLength={120} />
      <Switch
        label={`Survey ${second.plural_name.toLowerCase()} too`}
        description="Their survey starts as a copy of the first one's questions."
        checked={surveys.length === 2}
        onChange={(on) => setSurveys(setSecondSurvey(surveys, on, second.id))}
      />
      {surveys.map((s, i) => (
        <section key={i} className="card enrollment-rule" aria-label={`Questions for ${roles.find((r) => r.id === s.role_id)?.plural_name ?? 'people'}`}>
          <h2 className="card-title">Questions for {roles.find((r) => r.id === s.role_id)?.plural_name ?? 'people'}</h2>
          {s.questions.map((q, j) => (
            <QuestionEditor key={j} n={j + 1} question={q} onChange={(next) => setQuestions(i, s.questions.map((x, k) => (k === j ? next : x)))} onRemove={() => setQuestions(i, s.questions.filter((_, k) => k !== j))} />
          ))}
          <button type="button" className="button button-secondary button-small" onClick={() => setQuestions(i, [...s.questions, newQuestion()])}>
            <Plus size={16} aria-hidden="true" /> Add a question
          </button>
        </section>
      ))}
      <div className="button-row enrollment-submit">
        <button type="button" className="button button-primary" disabled={saveSurvey.isPending} onClick={save}>
          Save survey
        </button>
      </div>
      {saved && <ShareSection base={base} survey={saved} />}
      {saved && (
        <p>
          <Link to={`${base}/enrollment_surveys/${saved.id}/responses`}>Responses and matching</Link>
        </p>
      )}
    </div>
  );
}

function QuestionEditor({ n, question: q, onChange, onRemove }: { n: number; question: SurveyQuestion; onChange: (q: SurveyQuestion) => void; onRemove: () => void }) {
  return (
    <div className="nested-group enrollment-group" role="group" aria-label={`Question ${n}`}>
      <TextField label={`Question ${n}`} value={q.query} onChange={(query) => onChange({ ...q, query })} maxLength={300} />
      <Select label="Answer" options={TYPES} value={[q.input_type]} onChange={(v) => v[0] && onChange(withType(q, v[0] as QuestionType))} />
      {q.options.map((o, i) => (
        <div key={i} className="enrollment-option">
          <TextField label={`Option ${i + 1}`} value={o.text} onChange={(text) => onChange({ ...q, options: q.options.map((x, k) => (k === i ? { ...x, text } : x)) })} maxLength={200} />
          {q.options.length > 2 && (
            <button type="button" className="icon-button" aria-label={`Remove option ${i + 1}`} onClick={() => onChange({ ...q, options: q.options.filter((_, k) => k !== i) })}>
              <Trash2 size={16} aria-hidden="true" />
            </button>
          )}
        </div>
      ))}
      {q.input_type !== 'text' &&
        (q.options.length < MAX_CHOICE_OPTIONS ? (
          <button type="button" className="button button-secondary button-small" onClick={() => onChange({ ...q, options: [...q.options, { text: '' }] })}>
            <Plus size={16} aria-hidden="true" /> Add an option
          </button>
        ) : (
          <p className="kit-field-hint">{MAX_OPTIONS_TEXT}</p>
        ))}
      <Switch label="Optional" checked={q.optional} onChange={(optional) => onChange({ ...q, optional })} size="small" />
      <Switch label="Share the answer with their match" checked={q.collect_feedback} onChange={(collect_feedback) => onChange({ ...q, collect_feedback })} size="small" />
      <div className="button-row">
        <button type="button" className="button button-secondary button-small" aria-label={`Remove question ${n}`} onClick={onRemove}>
          <Trash2 size={16} aria-hidden="true" /> Remove question
        </button>
      </div>
    </div>
  );
}

/** Share to Slack: people and channels get a DM whose button opens the survey; the start date defaults to next Monday. */
function ShareSection({ base, survey }: { base: string; survey: EnrollmentSurveyJson }) {
  const [channels, setChannels] = useState<string[]>([]);
  const [users, setUsers] = useState<string[]>([]);
  const [startDate, setStartDate] = useState(() => nextIsoMonday(todayIn(viewerZone())));
  const shareSurvey = useShareSurvey(base, survey.id);
  const share = () =>
    shareSurvey.mutate(
      { channel_ids: channels, user_ids: users.map(Number), start_date: startDate, enrollment_survey: { id: survey.id } },
      { onSuccess: (answer) => toastSuccess(`Shared with ${answer.num_sent} ${answer.num_sent === 1 ? 'person' : 'people'}.`) },
    );
  return (
    <section className="card enrollment-rule" aria-label="Share to Slack">
      <h2 className="card-title">Share to Slack</h2>
      <Select label="People" multiple remote={{ path: '/people/search' }} valueKey="id" labelKey="name" value={users} placeholder="Search people…" onChange={setUsers} />
      <ChannelPicker label="Channels" multiple value={channels} onChange={setChannels} />
      <DateField label="Start date" value={startDate} onChange={setStartDate} />
      <div className="button-row">
        <button type="button" className="button button-primary" disabled={shareSurvey.isPending || (!channels.length && !users.length)} onClick={share}>
          Share
        </button>
      </div>
    </section>
  );
}
