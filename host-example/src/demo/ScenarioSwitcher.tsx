// Demo mode: pick how the network treats Stripe.js and the session endpoint. Each choice is a link
// to the same page with another query, so it reloads and starts from a fresh page.
import type { PageOptions } from '../pageOptions';
import { withParams } from '../pageOptions';
import { SCENARIOS, SESSION_OUTCOMES, SESSION_OUTCOME_INFO } from './scenarios';

function href(changes: Record<string, string | null>): string {
  return withParams(location.href, changes);
}

export function ScenarioSwitcher({ options }: { options: PageOptions }) {
  return (
    <section className="card switcher" aria-labelledby="switcher-title">
      <div className="switcher-head">
        <h2 id="switcher-title">Scenario</h2>
        <p>
          How the (simulated) network answers for <code>js.stripe.com</code>. The remote loads it through its real path; watch the
          status panel.
        </p>
      </div>
      <nav aria-label="Stripe.js scenarios">
        <ul className="scenarios">
          {SCENARIOS.map((scenario) => {
            const current = scenario.id === options.scenario;
            return (
              <li key={scenario.id}>
                <a
                  className={current ? 'scenario is-current' : 'scenario'}
                  href={href({ scenario: scenario.id })}
                  aria-current={current ? 'page' : undefined}
                  data-scenario={scenario.id}
                >
                  <span className="scenario-label">{scenario.label}</span>
                  <span className="scenario-does">{scenario.does}</span>
                  <span className={`pill pill-${scenario.expect.state}`} title={`Expected: ${scenario.expect.state}`}>
                    {scenario.expect.code ?? scenario.expect.state}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="switcher-rows">
        <nav className="chips" aria-label="Session endpoint answers">
          <span className="chips-label">Session endpoint</span>
          {SESSION_OUTCOMES.map((outcome) => {
            const info = SESSION_OUTCOME_INFO[outcome];
            const current = outcome === options.session;
            return (
              <a
                key={outcome}
                className={current ? 'chip is-current' : 'chip'}
                href={href({ session: outcome === 'ok' ? null : outcome })}
                aria-current={current ? 'page' : undefined}
                title={info.expect ? `The button should show ${info.expect}` : 'A demo session, then the demo checkout page'}
              >
                {info.label}
              </a>
            );
          })}
        </nav>
        <nav className="chips" aria-label="Checkout mode">
          <span className="chips-label">Mode</span>
          {(['redirect', 'embedded'] as const).map((mode) => (
            <a
              key={mode}
              className={mode === options.mode ? 'chip is-current' : 'chip'}
              href={href({ mode: mode === 'redirect' ? null : mode })}
              aria-current={mode === options.mode ? 'page' : undefined}
            >
              {mode}
            </a>
          ))}
        </nav>
      </div>
    </section>
  );
}
