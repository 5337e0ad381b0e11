// Rendered per request: the fallback form's formKey is made here, on the server, for this render
// only, so two people behind one address get two Checkout Sessions even with JavaScript off.
//   ?props=<json>  the button's props (here from the test; yours are your page's)
export function load({ url }) {
  const props = JSON.parse(url.searchParams.get('props') ?? '{}');
  return {
    formKey: crypto.randomUUID(),
    publishableKey: props.publishableKey ?? 'pk_test_e2eStandInKey',
    sessionEndpoint: props.sessionEndpoint ?? '/api/checkout-sessions',
  };
}
