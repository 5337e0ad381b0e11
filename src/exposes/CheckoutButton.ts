// Exposed as `checkout/CheckoutButton`.
import { CheckoutButton } from '../ui/CheckoutButton';

export { CheckoutButton };
export default CheckoutButton;
export type * from '../core/types';
