// Demo mode only: the demo session endpoint answers Stripe-shaped URLs
// (https://checkout.stripe.com/c/pay/cs_demo_…), which the remote checks like any other. Then,
// instead of leaving for Stripe (which knows nothing of a demo session, and is not reachable
// offline), the host's `redirect` prop goes to the local demo checkout page. The remote's check
// still runs first: an unexpected URL is refused before this is called.
const DEMO_SESSION_URL = /^https:\/\/checkout\.stripe\.com\/c\/pay\/(cs_demo_[A-Za-z0-9_]+)$/;

export function demoCheckoutPath(url: string): string | null {
  const match = DEMO_SESSION_URL.exec(url);
  return match ? `/demo-checkout?session=${match[1]}` : null;
}

export function demoRedirect(url: string): void {
  const local = demoCheckoutPath(url);
  if (!local) throw new Error(`Demo mode only redirects to demo sessions, not to ${url}.`);
  window.location.assign(local);
}
