// When a click first leads to payment. A page whose HTML (or first render) holds a plain form that
// posts to the session endpoint pays from the first paint that shows it; a page with only the
// script's button pays once that button is usable. The probe (measure.ts) notes when the form's
// submit button entered the DOM, the paint that first showed it (Element Timing: the probe marks the
// button before any paint), and the first contentful paint.

/** A submit-able payment form: posts somewhere, with an enabled submit button. */
export const PAY_FORM_BUTTON = 'form[method="post" i][action] button[type="submit"]:not([disabled])';

/** The `elementtiming` identifier the probe gives the form's button, to learn when it was painted. */
export const PAY_FORM_TIMING = 'bench-pay-form';

export interface PayMarks {
  /** The form's submit button entered the DOM. */
  form?: number;
  /** The paint that first showed it (Element Timing's renderTime). */
  formPaint?: number;
  /** First contentful paint. */
  fcp?: number;
  /** The script's button rendered and enabled. */
  usable?: number;
}

const known = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value);

/**
 * When the form was first on screen: its own paint; without one (no Element Timing), the first
 * contentful paint if the form was already there for it. A form that came later and was never
 * reported painted may have been replaced before any paint: unknown.
 */
export function formShownMs({ form, formPaint, fcp }: PayMarks): number | undefined {
  if (known(formPaint)) return formPaint;
  return known(form) && known(fcp) && form <= fcp ? fcp : undefined;
}

/** The first moment a click pays: the form on screen or the button usable, whichever came first. */
export function firstPayableMs(marks: PayMarks): number | undefined {
  const candidates = [formShownMs(marks), marks.usable].filter(known);
  return candidates.length ? Math.min(...candidates) : undefined;
}
