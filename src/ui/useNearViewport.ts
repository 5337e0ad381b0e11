import { useEffect, useState, type RefObject } from 'react';

/** "Near" is within this margin of the viewport: the wallet session is ready by the time the row scrolls in. */
const NEAR_MARGIN = '300px 0px';

/** True once `ref`'s element has come near the viewport (and stays true). Without IntersectionObserver: at once. */
export function useNearViewport(ref: RefObject<Element | null>, enabled: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = ref.current;
    if (!enabled || near || !target) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, enabled, near]);
  return near;
}
