/**
 * @jest-environment node
 */
import { firstPayableMs, formShownMs } from '../../bench/pays';

describe('when a click first pays (the bench\'s "a click pays")', () => {
  it("is the paint that showed the page's form, long before the script's button is usable", () => {
    expect(firstPayableMs({ form: 150, formPaint: 204, fcp: 204, usable: 900 })).toBe(204);
  });

  it('is "usable" on a page with no form at all', () => {
    expect(firstPayableMs({ fcp: 120, usable: 900 })).toBe(900);
  });

  it('is "usable" when the button was usable before the form was painted', () => {
    expect(firstPayableMs({ form: 850, formPaint: 960, fcp: 120, usable: 900 })).toBe(900);
  });

  it('is unknown when neither a form nor a usable button was seen', () => {
    expect(firstPayableMs({ fcp: 120 })).toBeUndefined();
  });

  it("without the form's own paint time, counts the first contentful paint if the form was there for it", () => {
    expect(formShownMs({ form: 150, fcp: 204 })).toBe(204);
    expect(formShownMs({ form: 150 })).toBeUndefined();
    expect(firstPayableMs({ form: 150, fcp: 204, usable: 900 })).toBe(204);
  });

  it('never counts a form that came after the first paint and was never reported painted (it may have been replaced unseen)', () => {
    expect(formShownMs({ form: 700, fcp: 204 })).toBeUndefined();
    expect(firstPayableMs({ form: 700, fcp: 204, usable: 900 })).toBe(900);
  });
});
