// Demo mode only: the local page that stands in for Stripe's hosted Checkout page. Clearly not
// Stripe; its Pay button marks the demo session paid and goes to the success page, like Stripe would.
import { useEffect, useState, type FormEvent } from 'react';
import { fetchSessionSummary, SESSIONS_ENDPOINT, type SessionSummary } from '../shop/api';
import { formatAmount } from '../shop/catalogue';

export function DemoCheckoutPage() {
  const id = new URLSearchParams(location.search).get('session') ?? '';
  const [summary, setSummary] = useState<SessionSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    fetchSessionSummary(id).then(setSummary, (e: Error) => setError(e.message));
  }, [id]);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    setPaying(true);
    try {
      const response = await fetch(`${SESSIONS_ENDPOINT}/${encodeURIComponent(id)}/complete`, { method: 'POST' });
      if (!response.ok) throw new Error(`The demo session could not be completed (${response.status}).`);
      location.assign(`/success?session_id=${encodeURIComponent(id)}`);
    } catch (e) {
      setError((e as Error).message);
      setPaying(false);
    }
  };

  return (
    <div className="demo-checkout">
      <div className="demo-ribbon" role="note">
        Demo checkout page, served by the host example. This is not Stripe: no card is charged.
      </div>
      <div className="demo-checkout-grid">
        <section className="demo-summary" aria-labelledby="demo-summary-title">
          <a className="demo-back" href={`/cancel?session_id=${encodeURIComponent(id)}`}>
            ← Northwind Coffee
          </a>
          <h1 id="demo-summary-title">
            Pay Northwind Coffee
            <strong>{summary?.amountTotal != null ? formatAmount(summary.amountTotal) : '…'}</strong>
          </h1>
          {summary && (
            <ul>
              {summary.lines.map((line, i) => (
                <li key={i}>
                  {line.name} <span>× {line.quantity}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="muted">
            Session <code>{id || '(none)'}</code>
          </p>
        </section>
        <form className="demo-form" onSubmit={pay} aria-label="Demo payment">
          <label>
            Email
            <input type="email" defaultValue="ada@example.com" autoComplete="off" />
          </label>
          <label>
            Card number
            <input defaultValue="4242 4242 4242 4242" autoComplete="off" inputMode="numeric" />
          </label>
          <div className="demo-form-row">
            <label>
              Expiry
              <input defaultValue="12 / 34" autoComplete="off" />
            </label>
            <label>
              CVC
              <input defaultValue="123" autoComplete="off" />
            </label>
          </div>
          {error && (
            <p role="alert" className="demo-error">
              {error}
            </p>
          )}
          <button type="submit" disabled={paying || !summary || summary.paid}>
            {paying ? 'Processing…' : summary?.paid ? 'Already paid' : 'Pay (demo)'}
          </button>
        </form>
      </div>
    </div>
  );
}
