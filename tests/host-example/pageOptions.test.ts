import { DEMO_LOAD_TIMEOUT_MS, DEMO_MAX_LOAD_ATTEMPTS, MAX_BUTTONS, readPageOptions, withParams } from '../../host-example/src/pageOptions';
import { DEFAULT_REMOTE_POLICY } from '../../host-example/src/remote/retryPlugin';
import { demoCheckoutPath, demoRedirect } from '../../host-example/src/demo/demoRedirect';
import { scenarioFromUrl, SCENARIOS } from '../../host-example/src/demo/scenarios';

const REMOTE = 'http://localhost:3001/mf-manifest.json';

describe('readPageOptions', () => {
  it('has defaults for a person: normal scenario, one button, redirect mode, the built-in remote', () => {
    expect(readPageOptions('', { remoteUrl: REMOTE, demo: true })).toEqual({
      remoteUrl: REMOTE,
      remotePolicy: DEFAULT_REMOTE_POLICY,
      scenario: 'normal',
      session: 'ok',
      mode: 'redirect',
      loadOn: 'mount',
      buttons: 1,
      strict: false,
      key: undefined,
      loadTimeoutMs: DEMO_LOAD_TIMEOUT_MS,
      maxLoadAttempts: DEMO_MAX_LOAD_ATTEMPTS,
      sessionTimeoutMs: undefined,
    });
  });

  it("keeps the button's own load policy in Stripe mode", () => {
    const options = readPageOptions('', { remoteUrl: REMOTE, demo: false });
    expect(options.loadTimeoutMs).toBeUndefined();
    expect(options.maxLoadAttempts).toBeUndefined();
  });

  it('reads every parameter the browser tests use', () => {
    const q =
      '?remote=http%3A%2F%2F127.0.0.1%3A4555%2Fmf-manifest.json&scenario=hang&session=bad-json&sessionTimeoutMs=900' +
      '&loadTimeoutMs=300&maxLoadAttempts=1&mode=embedded&buttons=3&strict=1&key=sk_test_x&remoteAttempts=2&remoteTimeoutMs=700&loadOn=click';
    expect(readPageOptions(q, { remoteUrl: REMOTE, demo: true })).toEqual({
      remoteUrl: 'http://127.0.0.1:4555/mf-manifest.json',
      remotePolicy: { ...DEFAULT_REMOTE_POLICY, attempts: 2, timeoutMs: 700 },
      scenario: 'hang',
      session: 'bad-json',
      mode: 'embedded',
      loadOn: 'click',
      buttons: 3,
      strict: true,
      key: 'sk_test_x',
      loadTimeoutMs: 300,
      maxLoadAttempts: 1,
      sessionTimeoutMs: 900,
    });
  });

  it('falls back to the defaults on values it does not know', () => {
    const options = readPageOptions('?scenario=chaos&session=teapot&mode=popup&buttons=-2&loadTimeoutMs=abc&remote=javascript:alert(1)', {
      remoteUrl: REMOTE,
      demo: true,
    });
    expect(options).toMatchObject({ scenario: 'normal', session: 'ok', mode: 'redirect', buttons: 1, loadTimeoutMs: DEMO_LOAD_TIMEOUT_MS, remoteUrl: REMOTE });
    expect(readPageOptions('?buttons=500', { remoteUrl: REMOTE, demo: true }).buttons).toBe(MAX_BUTTONS);
  });
});

describe('withParams', () => {
  it('changes and removes parameters, keeping the others', () => {
    expect(withParams('http://localhost:3000/?scenario=fail&buttons=2', { scenario: 'slow', buttons: null })).toBe('/?scenario=slow');
  });
});

describe('scenarios', () => {
  it('are the six the demo promises, each with the state it should reach', () => {
    expect(SCENARIOS.map((s) => [s.id, s.expect.state, s.expect.code])).toEqual([
      ['normal', 'resolved', undefined],
      ['slow', 'resolved', undefined],
      ['fail', 'rejected', 'script_load_failed'],
      ['hang', 'rejected', 'script_timeout'],
      ['no-stripe', 'rejected', 'stripe_unavailable'],
      ['csp-blocked', 'rejected', 'script_blocked'],
    ]);
  });

  it('are read from the page URL the service worker sees', () => {
    expect(scenarioFromUrl('http://localhost:3000/?scenario=no-stripe&x=1')).toBe('no-stripe');
    expect(scenarioFromUrl('http://localhost:3000/?scenario=unknown')).toBe('normal');
    expect(scenarioFromUrl('')).toBe('normal');
  });
});

describe('demoRedirect', () => {
  it('maps a demo session on checkout.stripe.com to the local demo checkout page', () => {
    expect(demoCheckoutPath('https://checkout.stripe.com/c/pay/cs_demo_abc123')).toBe('/demo-checkout?session=cs_demo_abc123');
  });

  it.each(['https://checkout.stripe.com/c/pay/cs_test_real', 'https://evil.example/c/pay/cs_demo_1', 'http://checkout.stripe.com/c/pay/cs_demo_1'])(
    'refuses %s',
    (url) => {
      expect(demoCheckoutPath(url)).toBeNull();
      expect(() => demoRedirect(url)).toThrow(/only redirects to demo sessions/);
    },
  );
});
