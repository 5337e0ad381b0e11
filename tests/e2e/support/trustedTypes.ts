// Init scripts of Trusted Types pages, and the names of the remote's own policies.

/** Records every policy the page creates (window.__policiesCreated), for the tests to read. */
export const RECORD_POLICIES = `(() => {
  window.__policiesCreated = [];
  const factory = window.trustedTypes;
  const create = factory.createPolicy.bind(factory);
  factory.createPolicy = (name, rules) => {
    const policy = create(name, rules); // throws when the page does not allow the name
    window.__policiesCreated.push(name);
    return policy;
  };
})();`;

/**
 * What a Trusted Types host installs first thing: a `default` policy for its own and the federation
 * runtime's script URLs (webpack and the runtime assign plain strings), recording the URLs it was
 * asked to vouch for (window.__defaultPolicyUrls) and every policy the page creates.
 */
export const HOST_DEFAULT_POLICY = `${RECORD_POLICIES}
(() => {
  window.__defaultPolicyUrls = [];
  window.trustedTypes.createPolicy('default', {
    createScriptURL: (url) => (window.__defaultPolicyUrls.push(url), url),
    createScript: (code) => code,
    createHTML: (html) => html,
  });
})();`;

/** The Trusted Types policies the remote creates, each a name a host allows. */
export const REMOTE_POLICIES = { stripeJs: 'checkout-stripe-js', chunks: 'checkout-chunks' } as const;
