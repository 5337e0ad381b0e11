// What a Trusted Types host installs first thing: a `default` policy for its own and the federation
// runtime's script URLs (webpack and the runtime assign plain strings). This one also records the
// URLs it was asked to vouch for and every policy the page creates, for the tests to read.
export const HOST_DEFAULT_POLICY = `(() => {
  window.__defaultPolicyUrls = [];
  window.__policiesCreated = [];
  const factory = window.trustedTypes;
  const create = factory.createPolicy.bind(factory);
  factory.createPolicy = (name, rules) => {
    const policy = create(name, rules); // throws when the page does not allow the name
    window.__policiesCreated.push(name);
    return policy;
  };
  factory.createPolicy('default', {
    createScriptURL: (url) => (window.__defaultPolicyUrls.push(url), url),
    createScript: (code) => code,
    createHTML: (html) => html,
  });
})();`;

/** The Trusted Types policies the remote creates, each a name a host allows. */
export const REMOTE_POLICIES = { stripeJs: 'checkout-stripe-js', chunks: 'checkout-chunks' } as const;
