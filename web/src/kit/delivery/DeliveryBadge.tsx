import type { Delivery } from '../../../../src/outbox/api-types';
import './delivery.css';

const TONE: Record<Delivery['label'], string> = { Sent: 'sent', Waiting: 'waiting', 'Not sent': 'failed', 'Not confirmed': 'unconfirmed' };

/**
 * A message's real delivery state as the server read it from the outbox: "Sent" only once Slack accepted it; a
 * failed or unconfirmed one says why in words beside it.
 */
export function DeliveryBadge({ delivery }: { delivery: Delivery }) {
  return (
    <span className="delivery">
      <span className={`delivery-pill delivery-${TONE[delivery.label]}`}>{delivery.label}</span>
      {delivery.reason && <span className="delivery-reason">{delivery.reason}</span>}
    </span>
  );
}
