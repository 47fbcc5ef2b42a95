import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../api/client';
import { browser } from '../../api/browser';
import { ChannelPicker, DeliveryBadge, EmptyState, ErrorState, Field, formatDateTime, InlineError, Modal, ModalCancelButton, PageSkeleton, showToast, SuccessModal, Switch, Tabs, TextAreaField, TextField, toastSuccess, viewerZone } from '../../kit';
import { PageHeader } from '../PageHeader';
import {
  GIFT_CARD_ERRORS,
  redemptionsPageQuery,
  rewardsPageQuery,
  useFulfill,
  useRedeem,
  useRefreshRewards,
  useSaveListing,
  useSaveRewardsSettings,
  useSupportTicket,
  type ListingJson,
  type RewardsPageData,
} from './pointsApi';
import { DateFilter, dateParams, NO_DATES, type DateFilterValue } from './DateFilter';
import './points.css';

export const GIFT_CARD_ENABLE_ERROR = 'There was an error enabling gift cards';
export const GIFT_CARD_DISABLE_ERROR = 'There was an error disabling gift cards';
const SUPPORT_EMAIL = 'support@hearth.example.com';
/** Times are shown in the viewer's own zone, named. */

/** /rewards: the listings (everyone redeems; admins add and edit), the redemptions (admins: everyone's; a member: their own) and settings. */
export default function RewardsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'redemptions' ? 'redemptions' : 'listings';
  const rewards = useQuery(rewardsPageQuery);
  const data = rewards.data;
  const plural = data?.points_name_plural ?? 'points';
  return (
    <div className="pts-page">
      <PageHeader title="Rewards" subtitle={data ? `You have ${data.points_wallet.current_redeemable} ${plural} to spend.` : undefined} />
      {rewards.isPending && <PageSkeleton />}
      {rewards.isError && <ErrorState error={rewards.error} onRetry={() => void rewards.refetch()} />}
      {data && (
        <Tabs
          label="Rewards"
          value={tab}
          onChange={(t) => setParams(t === 'listings' ? {} : { tab: t }, { replace: true })}
          items={[
            { id: 'listings', label: 'Listings', content: <Listings data={data} /> },
            { id: 'redemptions', label: data.is_admin ? 'Redemptions' : 'My redemptions', content: <Redemptions plural={plural} isAdmin={data.is_admin} /> },
          ]}
        />
      )}
    </div>
  );
}

/** The fewest points a listing can be redeemed for (a gift card's smallest option). */
const cheapest = (l: ListingJson) => (l.is_gift_card ? (l.gift_card_options[0]?.points ?? 0) : l.points_cost);

function Listings({ data }: { data: RewardsPageData }) {
  const saveListing = useSaveListing();
  const refresh = useRefreshRewards();
  const saveSettings = useSaveRewardsSettings();
  const ticketMutation = useSupportTicket();
  const [redeeming, setRedeeming] = useState<ListingJson | null>(null);
  const [editing, setEditing] = useState<ListingJson | 'new' | null>(null);
  const [giftCardLink, setGiftCardLink] = useState<string | null>(null);
  const [ticket, setTicket] = useState<'submitted' | 'email' | null>(null);
  const plural = data.points_name_plural;
  const giftCard = data.listings.find((l) => l.is_gift_card);
  const { redemption_fulfillment_channel_id: fulfilmentId, redemption_fulfillment_channel_name: fulfilmentName } = data.rewards_program;
  // The chosen channel by its name before any search (an id Hearth has not synced stays as it is).
  const fulfilmentChannel = fulfilmentId ? { uid: fulfilmentId, name: fulfilmentName ?? fulfilmentId } : null;

  /** journeys.md §8: billing redirect, invoiced support ticket, else the words. */
  const giftCardFailure = async (err: unknown, enabling: boolean) => {
    const server = err instanceof ApiError ? err.serverError : undefined;
    if (server === GIFT_CARD_ERRORS.billing) return browser.open('/billing/payment');
    if (server) {
      try {
        await ticketMutation.mutateAsync({
          kind: 'gift_card_access',
          message: server === GIFT_CARD_ERRORS.invoiced ? 'Invoiced team asks to enable gift cards' : `Gift cards could not be ${enabling ? 'enabled' : 'disabled'}: ${server}`,
        });
        setTicket('submitted');
      } catch {
        setTicket('email');
      }
      return;
    }
    showToast({ type: 'error', text: enabling ? GIFT_CARD_ENABLE_ERROR : GIFT_CARD_DISABLE_ERROR });
  };

  const toggleGiftCards = (on: boolean) => {
    if (!giftCard && !on) return;
    saveListing.mutate(giftCard ? { id: giftCard.id, listing: { state: on ? 'active' : 'inactive' } } : { listing: { preset_id: 'gift_card' } }, {
      onError: (err) => void giftCardFailure(err, on),
    });
  };

  return (
    <section className="pts-section" aria-label="Reward listings">
      {data.is_admin && (
        <div className="card pts-toolbar">
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            Add a reward
          </button>
          <Switch label="Gift cards" description="Let people turn their points into gift cards." checked={data.rewards_program.gift_cards_enabled} onChange={toggleGiftCards} />
          <div className="pts-field">
            <ChannelPicker
              label="Fulfilment channel"
              value={data.rewards_program.redemption_fulfillment_channel_id ?? undefined}
              knownChannels={fulfilmentChannel ? [fulfilmentChannel] : undefined}
              clearable
              onChange={(values) =>
                saveSettings.mutate({ redemption_fulfillment_channel_id: values[0] ?? null }, { onSuccess: () => toastSuccess('Your preferences have been saved.') })
              }
            />
          </div>
        </div>
      )}
      {!data.listings.length && <EmptyState title="No rewards yet">{data.is_admin && 'Add one, or start from a preset.'}</EmptyState>}
      <ul className="pts-listings">
        {data.listings.map((l) => (
          <li key={l.id}>
            <article className="card pts-listing" aria-label={l.name}>
              {l.image_url ? <img src={l.image_url} alt="" /> : null}
              <h2 className="program-card-title">{l.name}</h2>
              <p className="muted">{l.short_description}</p>
              <p className="strong-text">{l.is_gift_card ? `From ${l.gift_card_options[0]?.points ?? 0} ${plural}` : `${l.points_cost} ${plural}`}</p>
              {l.quantity_available !== null && <p className="muted">{l.quantity_available} left</p>}
              {l.state === 'inactive' && <p className="muted">Inactive</p>}
              <div className="pts-listing-actions">
                <button
                  type="button"
                  className="button button-primary"
                  disabled={l.state !== 'active' || l.quantity_available === 0 || data.points_wallet.current_redeemable < cheapest(l)}
                  title={data.points_wallet.current_redeemable < cheapest(l) ? `You need ${cheapest(l)} ${plural} to redeem this.` : undefined}
                  onClick={() => setRedeeming(l)}
                >
                  Redeem
                </button>
                {data.is_admin && (
                  <button type="button" className="button button-secondary" onClick={() => setEditing(l)}>
                    Edit
                  </button>
                )}
              </div>
            </article>
          </li>
        ))}
      </ul>
      {redeeming && (
        <RedeemModal
          listing={redeeming}
          plural={plural}
          balance={data.points_wallet.current_redeemable}
          onClose={() => setRedeeming(null)}
          onDone={(link) => {
            setRedeeming(null);
            refresh();
            if (link) setGiftCardLink(link);
          }}
        />
      )}
      {editing && <ListingModal listing={editing === 'new' ? null : editing} data={data} onClose={() => setEditing(null)} onFailure={giftCardFailure} />}
      {giftCardLink && (
        <SuccessModal title="Your gift card is ready" onClose={() => setGiftCardLink(null)}>
          <p>
            <a className="text-link" href={giftCardLink} target="_blank" rel="noreferrer">
              Claim your gift card
            </a>
          </p>
        </SuccessModal>
      )}
      {ticket === 'submitted' && (
        <SuccessModal title="Request submitted" onClose={() => setTicket(null)}>
          <p>We've asked our team to enable gift cards for your workspace. We'll be in touch by email.</p>
        </SuccessModal>
      )}
      {ticket === 'email' && (
        <Modal title="Contact support" onClose={() => setTicket(null)} size="small">
          <p>
            Email <a className="text-link" href={`mailto:${SUPPORT_EMAIL}?subject=Enable%20gift%20cards`}>{SUPPORT_EMAIL}</a> and we'll enable gift cards for you.
          </p>
        </Modal>
      )}
    </section>
  );
}

function RedeemModal({ listing, plural, balance, onClose, onDone }: { listing: ListingJson; plural: string; balance: number; onClose: () => void; onDone: (giftCardLink: string | null) => void }) {
  const redeemMutation = useRedeem();
  const [option, setOption] = useState(listing.gift_card_options[0]?.points);
  const busy = redeemMutation.isPending;
  const cost = listing.is_gift_card ? (option ?? 0) : listing.points_cost;
  const redeem = () =>
    redeemMutation.mutate(
      { id: listing.id, giftCardPointsCost: listing.is_gift_card ? option : undefined },
      {
        onSuccess: (answer) => {
          toastSuccess(`Redeemed ${listing.name}.`);
          onDone(answer.gift_card_link);
        },
        onError: (err) => {
          // journeys.md §8: the server's error, the modal closed, the listings refreshed.
          showToast({ type: 'error', text: errorText(err) });
          onDone(null);
        },
      },
    );
  return (
    <Modal
      title={`Redeem ${listing.name}`}
      onClose={onClose}
      size="small"
      footer={
        <>
          <ModalCancelButton />
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void redeem()}>
            Redeem for {cost} {plural}
          </button>
        </>
      }
    >
      <p>{listing.description || listing.short_description}</p>
      {listing.is_gift_card && (
        <fieldset className="plain-fieldset pts-rules">
          <legend className="field-label">Amount</legend>
          {listing.gift_card_options.map((o) => (
            <label key={o.points}>
              <input type="radio" name="gift-card-amount" checked={option === o.points} onChange={() => setOption(o.points)} /> ${o.dollars} for {o.points} {plural}
            </label>
          ))}
        </fieldset>
      )}
      <p className="muted">
        You have {balance} {plural}.
      </p>
    </Modal>
  );
}

function ListingModal({ listing, data, onClose, onFailure }: { listing: ListingJson | null; data: RewardsPageData; onClose: () => void; onFailure: (err: unknown, enabling: boolean) => Promise<void> }) {
  const saveListing = useSaveListing();
  const [preset, setPreset] = useState('');
  const [form, setForm] = useState({
    name: listing?.name ?? '',
    short_description: listing?.short_description ?? '',
    description: listing?.description ?? '',
    points_cost: String(listing?.points_cost ?? 100),
    quantity_available: listing?.quantity_available === null || listing === null ? '' : String(listing.quantity_available),
    state: listing?.state ?? 'active',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const choosePreset = (id: string) => {
    setPreset(id);
    const p = data.presets.find((x) => x.preset_id === id);
    if (p) setForm((f) => ({ ...f, name: p.name, short_description: p.short_description, description: p.description, points_cost: String(p.points_cost) }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = {
      name: form.name,
      short_description: form.short_description,
      description: form.description,
      points_cost: Number(form.points_cost),
      quantity_available: form.quantity_available === '' ? null : Number(form.quantity_available),
      state: form.state,
      ...(preset ? { preset_id: preset } : {}),
    };
    const isGiftCard = listing?.is_gift_card || data.presets.find((p) => p.preset_id === preset)?.is_gift_card;
    saveListing.mutate(
      { id: listing?.id, listing: body },
      {
        onSuccess: () => {
          toastSuccess('Your preferences have been saved.');
          onClose();
        },
        onError: (err) => {
          if (isGiftCard && form.state === 'active') {
            onClose();
            void onFailure(err, true);
          } else setError(errorText(err));
        },
      },
    );
  };
  return (
    <Modal
      title={listing ? `Edit ${listing.name}` : 'Add a reward'}
      onClose={onClose}
      size="medium"
      footer={
        <>
          <ModalCancelButton />
          <button type="submit" form="pts-listing" className="button button-primary">
            Save
          </button>
        </>
      }
    >
      <form id="pts-listing" className="pts-form" onSubmit={submit}>
        {!listing && (
          <Field label="Start from a preset" optional>
            {(control) => (
              <select className="kit-input" {...control} value={preset} onChange={(e) => choosePreset(e.target.value)}>
                <option value="">No preset</option>
                {data.presets.map((p) => (
                  <option key={p.preset_id} value={p.preset_id}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <TextField label="Name" value={form.name} onChange={(v) => setForm((f) => ({ ...f, name: v }))} maxLength={120} required />
        <TextField label="Short description" value={form.short_description} onChange={(v) => setForm((f) => ({ ...f, short_description: v }))} maxLength={200} optional />
        <TextAreaField label="Description" value={form.description} onChange={(v) => setForm((f) => ({ ...f, description: v }))} maxLength={5000} rows={3} optional />
        {!listing?.is_gift_card && (
          <Field label={`Cost (${data.points_name_plural})`} required>
            {(control) => <input className="kit-input" type="number" min={0} {...control} value={form.points_cost} onChange={set('points_cost')} required />}
          </Field>
        )}
        <Field label="Quantity available" hint="Empty: unlimited" optional>
          {(control) => <input className="kit-input" type="number" min={0} {...control} value={form.quantity_available} onChange={set('quantity_available')} />}
        </Field>
        <Field label="State">
          {(control) => (
            <select className="kit-input" {...control} value={form.state} onChange={set('state')}>
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </select>
          )}
        </Field>
        {error && <InlineError variant="text">{error}</InlineError>}
      </form>
    </Modal>
  );
}

function Redemptions({ plural, isAdmin }: { plural: string; isAdmin: boolean }) {
  const fulfillMutation = useFulfill();
  const [pageNo, setPageNo] = useState(1);
  const [range, setRange] = useState<DateFilterValue>(NO_DATES);
  const q = { page: pageNo, ...dateParams(range) };
  const list = useQuery({ ...redemptionsPageQuery(q), placeholderData: keepPreviousData });
  // A failure: the client showed the error toast.
  const fulfill = (id: number) => fulfillMutation.mutate(id, { onSuccess: () => toastSuccess('Marked as fulfilled.') });
  return (
    <section className="card pts-section" aria-label="Redemptions">
      <div className="pts-filters">
        <DateFilter value={range} onChange={(next) => { setRange(next); setPageNo(1); }} />
      </div>
      {list.isError && <InlineError>{errorText(list.error)}</InlineError>}
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Who</th>
            <th scope="col">Reward</th>
            <th scope="col">{plural.charAt(0).toUpperCase() + plural.slice(1)}</th>
            <th scope="col">When</th>
            <th scope="col">Fulfilled</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((r) => (
            <tr key={r.id}>
              <td>{r.member.name}</td>
              <td>
                {r.listing.name}
                {r.gift_card_dollars !== null ? ` ($${r.gift_card_dollars})` : ''}
              </td>
              <td>{r.points_cost}</td>
              <td>{formatDateTime(r.created_at, viewerZone())}</td>
              <td>
                {r.state === 'fulfilled' ? (
                  <span>
                    {r.fulfiller ? `By ${r.fulfiller.name}` : 'Automatically'} · {r.fulfilled_at ? formatDateTime(r.fulfilled_at, viewerZone()) : ''}
                  </span>
                ) : r.state === 'failed' ? (
                  <span className="muted">Failed, refunded</span>
                ) : isAdmin ? (
                  <button type="button" className="button button-secondary pts-small" disabled={fulfillMutation.isPending} onClick={() => fulfill(r.id)}>
                    Mark fulfilled
                  </button>
                ) : (
                  <span className="muted">Not yet</span>
                )}
                {r.notice_delivery && r.notice_delivery.label !== 'Sent' && (
                  <div className="small">
                    Notice to the fulfilment channel: <DeliveryBadge delivery={r.notice_delivery} />
                  </div>
                )}
                {r.fulfilled_delivery && r.fulfilled_delivery.label !== 'Sent' && (
                  <div className="small">
                    Message to {r.member.name}: <DeliveryBadge delivery={r.fulfilled_delivery} />
                  </div>
                )}
              </td>
            </tr>
          ))}
          {list.data && !list.data.list.length && (
            <tr>
              <td colSpan={5} className="muted">
                {range.start || range.end ? 'No redemptions in these dates.' : 'No redemptions yet.'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="button-row pts-pager">
        <button type="button" className="button button-secondary" disabled={pageNo === 1} onClick={() => setPageNo((p) => p - 1)}>
          Previous
        </button>
        <button type="button" className="button button-secondary" disabled={!list.data?.nextPage} onClick={() => setPageNo(list.data?.nextPage ?? pageNo)}>
          Next
        </button>
      </div>
    </section>
  );
}
