export { DeliveryBadge } from './DeliveryBadge';
