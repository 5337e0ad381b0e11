import { useEffect, useState } from 'react';
import { startTimer } from '../core/bounds';

/**
 * A renewed wallet session waits while a wallet's sheet may be open (from the element's `focus` to its
 * `cancel` or the payment's result), so the element is not destroyed under the person; at most this
 * long, well inside the five minutes the old session still has when its renewal arrives.
 */
export const SHEET_HOLD_MS = 2 * 60_000;

/** Whether a sheet may be open, and its setter (stable, for the element's handlers). */
export function useSheetHold(): [open: boolean, setOpen: (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const timer = startTimer(() => setOpen(false), SHEET_HOLD_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return [open, setOpen];
}
