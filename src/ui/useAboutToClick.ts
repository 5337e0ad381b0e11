import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the person is aiming at `ref`'s button: the pointer over it, a touch or press on it, or the
 * keyboard's focus on it. Wallets mode shows its row above the card button only when this is false,
 * so the row never moves the button out from under a click.
 */
export function useAboutToClick(ref: RefObject<HTMLElement | null>): boolean {
  const [aiming, setAiming] = useState(false);
  useEffect(() => {
    const button = ref.current;
    if (!button) return;
    const update = () => setAiming(button.matches(':hover') || button === button.ownerDocument.activeElement || pressed);
    let pressed = false;
    const on = () => setAiming(true);
    const press = () => {
      pressed = true;
      setAiming(true);
    };
    const release = () => {
      pressed = false;
      update();
    };
    const events: Array<[string, () => void]> = [
      ['pointerenter', on],
      ['focus', on],
      ['pointerdown', press],
      ['pointerleave', release],
      ['pointercancel', release],
      ['blur', release],
    ];
    for (const [type, listener] of events) button.addEventListener(type, listener);
    update();
    return () => {
      for (const [type, listener] of events) button.removeEventListener(type, listener);
    };
  }, [ref]);
  return aiming;
}
