import { useLayoutEffect, useRef } from 'react';

/** A ref that always holds the latest value, so callbacks can read fresh props without re-subscribing. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  // Layout effect, not render: writing refs during render is unsafe under concurrent rendering.
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
