// Exposed as `checkout/ManageSubscription`: the "Manage subscription" button (a form that also works
// with JavaScript off), for the account page after a plan is bought.
import { ManageSubscriptionButton } from '../ui/ManageSubscriptionButton';

export { ManageSubscriptionButton };
export default ManageSubscriptionButton;
export type { ManageSubscriptionProps } from '../ui/ManageSubscriptionButton';
export type { PortalMessages } from '../i18n/texts/portal';
