// Exposed as `checkout/CheckoutButton`.
import type { CheckoutButtonComponent } from '../core/types';
import { CheckoutButton } from '../ui/CheckoutButton';

export { CheckoutButton };
export default CheckoutButton satisfies CheckoutButtonComponent;
export type * from '../core/types';
