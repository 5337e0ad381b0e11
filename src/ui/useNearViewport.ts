import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** "Near" is within this many px above or below the viewport: the wallet session is ready by the time the row scrolls in. */
const NEAR_PX = 300;

/** Where the element is now (one layout read): whether it is within NEAR_PX of the viewport. */
function nearNow(target: Element): boolean {
  const box = target.getBoundingClientRect();
  return box.bottom >= -NEAR_PX && box.top <= window.innerHeight + NEAR_PX && box.right >= 0 && box.left <= window.innerWidth;
}

/**
 * True once `ref`'s element has come near the viewport (and stays true). An element near already is
 * near before the first paint, not after a passive effect and the observer's first callback (a frame
 * or more later). Without IntersectionObserver: at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, enabled: boolean): boolean {
  const [near, setNear] = useState(false);
  useLayoutEffect(() => {
    const target = ref.current;
    // A parent's ref is attached after its children's layout effects: rendered in the same commit as
    // the element (the row's code was in already), the passive effect below reads it instead.
    if (enabled && !near && target && nearNow(target)) setNear(true);
  }, [ref, enabled, near]);
  useEffect(() => {
    const target = ref.current;
    if (!enabled || near || !target) return;
    if (typeof IntersectionObserver === 'undefined' || nearNow(target)) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${NEAR_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, enabled, near]);
  return near;
}
