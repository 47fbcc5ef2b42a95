import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../api/currentUser';
import { Modal, ModalCancelButton, PageState, SkeletonLines, Spinner, SuccessModal, Switch } from '../../kit';
import { HRIS_PROGRAM_TYPES, hrisProgramsQuery, PROGRAM_TYPE_LABEL, useSaveSyncables, type HrisIdentityJson, type HrisProgramTypeJson } from './integrationsApi';

const keyOf = (p: { program_type: string; program_id?: number; id?: number }) => `${p.program_type}:${p.program_id ?? p.id}`;

/**
 * The HR system's manage-programs modal (programs.md §2): which programs the sync feeds, by type; onboarding
 * journeys only for members with onboarding unrestricted. An empty variant when there is nothing to feed yet,
 * and a success variant after saving.
 */
export function HrisManageProgramsModal({ identity, onClose }: { identity: HrisIdentityJson; onClose: () => void }) {
  const user = useCurrentUser();
  const programs = useQuery(hrisProgramsQuery);
  const [chosen, setChosen] = useState(() => new Set(identity.syncables.map(keyOf)));
  // A refusal is the API client's toast; the modal stays for another try.
  const save = useSaveSyncables(identity.id);
  const saved = save.data ?? null;
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

  const submit = () =>
    save.mutate({
      hris_syncables: [...chosen].map((k) => {
        const [program_type, id] = k.split(':');
        return { program_type: program_type as HrisProgramTypeJson, program_id: Number(id) };
      }),
    });

  return (
    <Modal
      title="Manage programs"
      onClose={onClose}
      size="medium"
      footer={
        programs.data?.some((p) => types.includes(p.program_type)) ? (
          <>
            <ModalCancelButton />
            <button type="button" className="button button-primary" disabled={save.isPending} onClick={submit}>
              {save.isPending && <Spinner title="" />} Save
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
              <fieldset key={type} className="plain-fieldset integrations-programs">
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
