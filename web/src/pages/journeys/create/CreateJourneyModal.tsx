import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../../api/client';
import { ChannelPicker, InlineError, Modal, ModalCancelButton, openModal, Spinner, TextField } from '../../../kit';
import { prebuiltJourneysQuery, useCreateJourney, type FlowType, type PrebuiltJourneyJson, type QuickSetupType } from '../api/journeysApi';
import { FLOW_TYPE_LABELS } from '../lib/labels';
import { plural } from '../lib/schedule';
import { JOURNEY_NAME_MAX, validateJourneyName } from './createJourney';
import { CreateSuccessModal } from './CreateSuccessModal';

export interface CreateJourneyModalProps {
  flowType: FlowType;
  /** The HR-system variant: the HRIS one-click journeys, enrolling people automatically. */
  hris?: boolean;
  /** The ready-made journey to start on (a template picked on /templates). */
  initialId?: number;
  onClose: () => void;
}

export function quickSetupOf(flowType: FlowType, hris?: boolean): QuickSetupType | null {
  if (flowType === 'onboarding') return hris ? 'hris_one_click_onboarding' : 'one_click_onboarding';
  if (flowType === 'mentorship' || flowType === 'training' || flowType === 'offboarding') return flowType;
  return null;
}

function PrebuiltChoice({ journey, chosen, onChoose }: { journey: PrebuiltJourneyJson; chosen: boolean; onChoose: () => void }) {
  return (
    <label className={`choice-card${chosen ? ' is-chosen' : ''}`}>
      <input type="radio" name="prebuilt" checked={chosen} onChange={onChoose} />
      <span className="choice-card-title">{journey.name}</span>
      <span className="choice-card-text">{journey.description}</span>
      <span className="choice-card-text">{plural(journey.num_events, 'scheduled item')}</span>
    </label>
  );
}

/** The one-click create-journey modal: a ready-made journey, a name, and (optionally) a channel for its posts. */
export function CreateJourneyModal({ flowType, hris, initialId, onClose }: CreateJourneyModalProps) {
  const id = useId();
  const setup = quickSetupOf(flowType, hris);
  const prebuilt = useQuery(prebuiltJourneysQuery(setup ?? 'one_click_onboarding'));
  const options = setup ? (prebuilt.data?.prebuilt_journeys ?? []) : [];
  const [chosenId, setChosenId] = useState<number | null>(initialId ?? null);
  const chosen = options.find((j) => j.id === chosenId) ?? (setup ? options[0] : undefined);
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [channel, setChannel] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateJourney();
  const shownName = nameTouched ? name : (chosen?.name ?? name);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateJourneyName(shownName);
    if (problem) {
      setError(problem);
      return;
    }
    create.mutate(
      {
        channel_id: channel,
        onboarding_tag: {
          name: shownName.trim(),
          flow_type: flowType,
          preset_bundle_id: chosen?.preset_bundle_id ?? null,
          preset_ids: chosen?.preset_ids ?? [],
          auto_enroll: hris ? true : undefined,
        },
        source: setup ?? 'blank',
      },
      {
        onSuccess: (answer) => {
          onClose();
          openModal((close) => <CreateSuccessModal answer={answer} hris={hris} onClose={close} />);
        },
        onError: (err) => {
          if (err instanceof ApiError && typeof err.fields?.name === 'string') setError(err.fields.name);
        },
      },
    );
  };

  const title = hris ? 'Onboarding from your HR system' : `New ${FLOW_TYPE_LABELS[flowType].toLowerCase()} journey`;
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="large"
      className="jr-modal"
      footer={
        <>
          <ModalCancelButton />
          <button type="submit" form={`${id}-form`} className="button button-primary" disabled={create.isPending || (Boolean(setup) && prebuilt.isPending)}>
            {create.isPending ? 'Creating…' : 'Create journey'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="create-journey-form jr-stack">
        {hris && <p className="notice notice-warning">People your HR system lists with a start date are enrolled automatically, with their manager filled in from it.</p>}
        {setup && (
          <fieldset className="plain-fieldset">
            <legend>Start from</legend>
            {prebuilt.isPending ? (
              <p role="status" className="muted">
                <Spinner /> Loading ready-made journeys…
              </p>
            ) : prebuilt.isError ? (
              <InlineError variant="text" onRetry={() => void prebuilt.refetch()}>
                We couldn't load the ready-made journeys.
              </InlineError>
            ) : (
              <div className="jchoice-grid">
                {options.map((j) => (
                  <PrebuiltChoice key={j.id} journey={j} chosen={chosen?.id === j.id} onChoose={() => setChosenId(j.id)} />
                ))}
              </div>
            )}
          </fieldset>
        )}
        <TextField
          label="Journey name"
          value={shownName}
          maxLength={JOURNEY_NAME_MAX + 20}
          counter={false}
          error={error}
          onChange={(v) => {
            setNameTouched(true);
            setName(v);
            setError(null);
          }}
        />
        <ChannelPicker label="Channel for its channel posts (optional)" value={channel ? [channel] : []} onChange={(values) => setChannel(values[0] ?? null)} clearable />
      </form>
    </Modal>
  );
}
