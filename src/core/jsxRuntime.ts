// The automatic JSX runtime of the remote's own code, built over the host's `createElement`.
// React 19's `react/jsx-runtime` tags its elements in a way React 18 rejects (minified error #31), and a
// host sharing only `react` and `react-dom` (what the bundlers' docs show) gives us no jsx-runtime.
// The remote's webpack config aliases `react/jsx-runtime` here, so every element comes from the host's React.
import { createElement, Fragment, type ElementType, type Key, type ReactElement, type ReactNode } from 'react';

export { Fragment };

type Props = { children?: ReactNode } & Record<string, unknown>;

function split({ children, ...rest }: Props, key: Key | undefined): [Record<string, unknown>, ReactNode] {
  return [key === undefined ? rest : { ...rest, key }, children];
}

/** One child, or a list built at runtime (React checks its keys). */
export function jsx(type: ElementType, props: Props, key?: Key): ReactElement {
  const [rest, children] = split(props, key);
  return children === undefined ? createElement(type, rest) : createElement(type, rest, children);
}

/** Children written side by side in JSX: passed as arguments, as classic JSX does, so React knows they need no keys. */
export function jsxs(type: ElementType, props: Props, key?: Key): ReactElement {
  const [rest, children] = split(props, key);
  return createElement(type, rest, ...(children as ReactNode[]));
}
