// Where Stripe Checkout sends the person back: success_url / return_url and cancel_url.
import { useEffect, useState, type ReactNode } from 'react';
import { fetchSessionSummary, type PublicConfig, type SessionSummary } from './api';
import { formatAmount } from './catalogue';
import { Topbar } from './Topbar';

function useSession(id: string | null): { summary?: SessionSummary; error?: string } {
  const [result, setResult] = useState<{ summary?: SessionSummary; error?: string }>({});
  useEffect(() => {
    if (!id) return;
    fetchSessionSummary(id).then(
      (summary) => setResult({ summary }),
      (error: Error) => setResult({ error: error.message }),
    );
  }, [id]);
  return result;
}

function Shell({ children, mode }: { children: ReactNode; mode?: PublicConfig['mode'] }) {
  return (
    <div className="page">
      <Topbar mode={mode} />
      <main className="narrow">{children}</main>
    </div>
  );
}

export function SuccessPage({ config }: { config: PublicConfig }) {
  const id = new URLSearchParams(location.search).get('session_id');
  const { summary, error } = useSession(id);
  return (
    <Shell mode={config.mode}>
      <section className="card result result-success" aria-labelledby="result-title">
        <span className="result-icon" aria-hidden="true">
          ✓
        </span>
        <h1 id="result-title">{summary && !summary.paid ? 'Checkout finished' : 'Thank you, payment received'}</h1>
        {summary?.demo && <p className="notice notice-demo">Demo: nothing was charged, no card left this machine.</p>}
        {summary && (
          <dl className="summary">
            {summary.lines.map((line, i) => (
              <div key={i}>
                <dt>{line.name}</dt>
                <dd>× {line.quantity}</dd>
              </div>
            ))}
            {summary.amountTotal !== null && (
              <div className="summary-total">
                <dt>Total</dt>
                <dd>{formatAmount(summary.amountTotal, summary.currency ?? undefined)}</dd>
              </div>
            )}
            <div>
              <dt>Session</dt>
              <dd>
                <code>{summary.id}</code> ({summary.status}
                {summary.paid ? ', paid' : ''})
              </dd>
            </div>
          </dl>
        )}
        {error && <p className="muted">{error}</p>}
        {!id && <p className="muted">No session_id in the address.</p>}
        <a className="link-button" href="/">
          Back to the shop
        </a>
      </section>
    </Shell>
  );
}

export function CancelPage() {
  return (
    <Shell>
      <section className="card result result-cancel" aria-labelledby="result-title">
        <span className="result-icon" aria-hidden="true">
          ←
        </span>
        <h1 id="result-title">Checkout cancelled</h1>
        <p>Nothing was charged. Your cart is still here.</p>
        <a className="link-button" href="/">
          Back to the cart
        </a>
      </section>
    </Shell>
  );
}

export function NotFoundPage() {
  return (
    <Shell>
      <section className="card result">
        <h1>Not found</h1>
        <a className="link-button" href="/">
          To the shop
        </a>
      </section>
    </Shell>
  );
}
