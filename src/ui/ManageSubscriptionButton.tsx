// "Manage subscription": the account page after a plan is bought. A real form that posts to the server's
// portal route (`POST /api/billing-portal`), so it works before hydration and with JavaScript off (the
// server answers 303 to Stripe's Customer Portal); with JavaScript, the click asks for `{ url }`, checks
// it (https, an allowed origin) and leaves for it, or says in the person's language why it cannot.
// The customer is the server's to know (the host's own session): nothing here names one.
import { useState, type FormEvent, type ReactNode } from 'react';
import { checkRedirectUrl } from '../checkout/redirectUrl';
import { chooseLanguage } from '../i18n/languages';
import { PORTAL_TEXTS, type PortalMessages } from '../i18n/texts/portal';

export interface ManageSubscriptionProps {
  /** The server half's portal route; `/api/billing-portal` by default. */
  endpoint?: string;
  /** The texts' language (`auto` or absent: the browser's). */
  locale?: string;
  messages?: Partial<PortalMessages>;
  /** Where the portal may be: `https://billing.stripe.com` by default. */
  allowedPortalOrigins?: string[];
  /** Leaves for the portal (window.location.assign by default). */
  redirect?: (url: string) => void;
  className?: string;
  children?: ReactNode;
}

type Phase = 'idle' | 'busy' | 'signedOut' | 'unavailable';

const languages = () => (typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]);

/** The portal's URL, or why there is none. */
async function openPortal(
  endpoint: string,
  allowed: readonly string[],
): Promise<{ url: string } | { failed: 'signedOut' | 'unavailable' }> {
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    });
    if (res.status === 401) return { failed: 'signedOut' };
    const answer = res.ok ? ((await res.json()) as { url?: unknown }) : {};
    if (typeof answer.url !== 'string' || checkRedirectUrl(answer.url, allowed)) return { failed: 'unavailable' };
    return { url: answer.url };
  } catch {
    return { failed: 'unavailable' };
  }
}

export function ManageSubscriptionButton({
  endpoint = '/api/billing-portal',
  locale,
  messages,
  allowedPortalOrigins = ['https://billing.stripe.com'],
  redirect = (url) => window.location.assign(url),
  className,
  children,
}: ManageSubscriptionProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const texts = { ...PORTAL_TEXTS[chooseLanguage(locale, languages())], ...messages };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'busy') return;
    setPhase('busy');
    void openPortal(endpoint, allowedPortalOrigins).then((answer) => {
      if ('url' in answer) return redirect(answer.url); // busy until the page leaves
      setPhase(answer.failed);
    });
  };
  return (
    <form method="post" action={endpoint} onSubmit={onSubmit} className={className}>
      <button type="submit" aria-busy={phase === 'busy'} aria-disabled={phase === 'busy'}>
        {children ?? texts.manage}
      </button>
      {phase === 'signedOut' || phase === 'unavailable' ? <p role="alert">{texts[phase]}</p> : null}
    </form>
  );
}
