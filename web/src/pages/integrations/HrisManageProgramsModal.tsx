import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useCurrentUser } from '../../api/currentUser';
import { Modal, ModalCancelButton, PageState, SkeletonLines, Spinner, SuccessModal, Switch } from '../../kit';
import { HRIS_PROGRAM_TYPES, PROGRAM_TYPE_LABEL, hrisKey, type HrisIdentityJson, type IntegratableProgramJson } from './integrationsApi';

const keyOf = (p: { program_type: string; program_id?: number; id?: number }) => `${p.program_type}:${p.program_id ?? p.id}`;

/**
 * The HR system's manage-programs modal (programs.md §2): which programs the sync feeds, by type; onboarding
 * journeys only for members with onboarding unrestricted. An empty variant when there is nothing to feed yet,
 * and a success variant after saving.
 */
export function HrisManageProgramsModal({ identity, onClose }: { identity: HrisIdentityJson; onClose: () => void }) {
  const client = useQueryClient();
  const user = useCurrentUser();
  const programs = useQuery({ queryKey: ['integrations', 'hris', 'programs'], queryFn: () => api.get<{ programs: IntegratableProgramJson[] }>('/hris/integratable_programs_as_json', { toastOnError: false }).then((r) => r.programs) });
  const [chosen, setChosen] = useState(() => new Set(identity.syncables.map(keyOf)));
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<HrisIdentityJson | null>(null);
  const types = HRIS_PROGRAM_TYPES.filter((t) => t !== 'onboarding' || user.data?.onboarding_unrestricted);

  if (saved) {
    const count = saved.syncables.length;
    return (
      <SuccessModal title="Your HR system is feeding your programs" onClose={onClose}>
        <p>
          {count === 0 ? 'No program is fed by the HR system now.' : `Hearth feeds ${count === 1 ? 'one program' : `${count} programs`} from your HR system and syncs it every day.`}
        </p>
      </SuccessModal>
    );
  }

  const save = async () => {
    setSaving(true);
    try {
      const hris_syncables = [...chosen].map((k) => {
        const [program_type, id] = k.split(':');
        return { program_type, program_id: Number(id) };
      });
      const { hris_identity } = await api.post<{ hris_identity: HrisIdentityJson }>(`/hris/${identity.id}/create_syncables_as_json`, { hris_syncables });
      client.setQueryData(hrisKey(identity.id), hris_identity);
      setSaved(hris_identity);
    } catch {
      // the API client has shown the server's error
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="Manage programs"
      onClose={onClose}
      size="medium"
      footer={
        programs.data?.some((p) => types.includes(p.program_type)) ? (
          <>
            <ModalCancelButton />
            <button type="button" className="button button-primary" disabled={saving} onClick={() => void save()}>
              {saving && <Spinner title="" />} Save
            </button>
          </>
        ) : (
          <button type="button" className="button button-secondary" onClick={onClose}>
            Close
          </button>
        )
      }
    >
      <PageState query={programs} skeleton={<SkeletonLines lines={4} />}>
        {(list) => {
          const shown = list.filter((p) => types.includes(p.program_type));
          if (!shown.length)
            return (
              <div className="integrations-empty" data-testid="hris-programs-empty">
                <p>There are no programs for your HR system to feed yet.</p>
                <p className="muted">
                  Create a Celebrations or Intros program{user.data?.onboarding_unrestricted ? ' or an onboarding journey' : ''} first, then come back to choose what the HR system keeps up to date.
                </p>
                <a className="text-link" href="/channel_programs/new">
                  Create a program
                </a>
              </div>
            );
          return types.map((type) => {
            const ofType = shown.filter((p) => p.program_type === type);
            if (!ofType.length) return null;
            return (
              <fieldset key={type} className="integrations-programs">
                <legend>{PROGRAM_TYPE_LABEL[type]}</legend>
                <p className="muted">
                  {type === 'celebrations' ? 'Birthdays and start dates from the HR system.' : type === 'intros' ? 'Departments and locations as groups (saved now; group pairing reads them in a later release).' : 'New hires enrolled by your enrollment rules.'}
                </p>
                {ofType.map((p) => (
                  <Switch
                    key={keyOf(p)}
                    label={p.name}
                    checked={chosen.has(keyOf(p))}
                    onChange={(on) =>
                      setChosen((prev) => {
                        const next = new Set(prev);
                        if (on) next.add(keyOf(p));
                        else next.delete(keyOf(p));
                        return next;
                      })
                    }
                  />
                ))}
              </fieldset>
            );
          });
        }}
      </PageState>
    </Modal>
  );
}
