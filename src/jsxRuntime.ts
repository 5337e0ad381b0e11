// The automatic JSX runtime of the remote's own code, built over the host's `createElement`.
// React 19's `react/jsx-runtime` tags its elements in a way React 18 rejects (minified error #31), and a
// host sharing only `react` and `react-dom` (what the bundlers' docs show) gives us no jsx-runtime.
// The remote's webpack config aliases `react/jsx-runtime` here, so every element comes from the host's React.
import { createElement, Fragment, type ElementType, type Key, type ReactElement } from 'react';

export { Fragment };

export function jsx(type: ElementType, props: Record<string, unknown>, key?: Key): ReactElement {
  return createElement(type, key === undefined ? props : { ...props, key });
}

/** Static children only differ for React's dev-time key checks. */
export const jsxs = jsx;
