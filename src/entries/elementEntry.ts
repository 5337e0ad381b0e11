// `checkout-button.js`, the one tag for pages with no bundler:
//   <script type="module" src="<remote>/checkout-button.js"></script>
// This entry is tiny and unhashed (served no-cache); the element, the button and its renderer
// (preact/compat) come in hashed chunks, from wherever this file was loaded (import.meta.url).
import { ELEMENT_NAME } from '../element/name';

if (typeof customElements !== 'undefined' && !customElements.get(ELEMENT_NAME)) {
  import(/* webpackChunkName: "element" */ '../element/define').then(
    ({ defineCheckoutButton }) => defineCheckoutButton(),
    // The page keeps the element's own content (its fallback link): say why, never throw into the page.
    (error: unknown) => console.error(`<${ELEMENT_NAME}> could not load; its own content stays.`, error),
  );
}
