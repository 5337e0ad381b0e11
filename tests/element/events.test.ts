import { dispatcherFor, eventProps, type Dispatch } from '../../src/element/events';
import { checkoutError } from '../../src/core/errors';

function recorder(cancel: string[] = []) {
  const sent: Array<{ name: string; detail: unknown; cancelable: boolean }> = [];
  const dispatch: Dispatch = (name, detail, cancelable = false) => {
    sent.push({ name, detail, cancelable });
    return !(cancelable && cancel.includes(name));
  };
  return { sent, dispatch };
}

describe("<checkout-button>'s callbacks as DOM events", () => {
  it('sends state, error, telemetry and completion as events with their details', () => {
    const { sent, dispatch } = recorder();
    const props = eventProps(dispatch, jest.fn());
    const error = checkoutError('script_timeout', 'Stripe.js did not answer.');
    props.onStateChange('pending');
    props.onStateChange('rejected', error);
    props.onError(error);
    props.onEvent({ type: 'session_start', at: 12 });
    props.onComplete({ sessionId: 'cs_test_paid' });
    expect(sent).toEqual([
      { name: 'checkout-state', detail: { state: 'pending' }, cancelable: false },
      { name: 'checkout-state', detail: { state: 'rejected', error }, cancelable: false },
      { name: 'checkout-error', detail: error, cancelable: false },
      { name: 'checkout-event', detail: { type: 'session_start', at: 12 }, cancelable: false },
      { name: 'checkout-complete', detail: { sessionId: 'cs_test_paid' }, cancelable: false },
    ]);
  });

  it('leaves for the URL after a checkout-redirect nobody cancelled', () => {
    const { sent, dispatch } = recorder();
    const leave = jest.fn();
    expect(eventProps(dispatch, leave).redirect('https://checkout.stripe.com/c/pay/cs_1')).toBe(true); // the page is leaving
    expect(sent).toEqual([{ name: 'checkout-redirect', detail: { url: 'https://checkout.stripe.com/c/pay/cs_1' }, cancelable: true }]);
    expect(leave).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1');
  });

  it('stays when a listener cancels checkout-redirect', () => {
    const leave = jest.fn();
    expect(eventProps(recorder(['checkout-redirect']).dispatch, leave).redirect('https://checkout.stripe.com/c/pay/cs_1')).toBe(false);
    expect(leave).not.toHaveBeenCalled();
  });

  it('dispatches bubbling, composed CustomEvents that leave a shadow root', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const inner = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('span'));
    const heard: Array<{ detail: unknown; target: EventTarget | null }> = [];
    const listener = (event: Event) => heard.push({ detail: (event as CustomEvent).detail, target: event.target });
    document.addEventListener('checkout-redirect', (event) => {
      listener(event);
      event.preventDefault();
    });
    expect(dispatcherFor(inner)('checkout-redirect', { url: 'https://x' }, true)).toBe(false);
    expect(heard).toEqual([{ detail: { url: 'https://x' }, target: host }]);
    expect(dispatcherFor(inner)('checkout-state', { state: 'pending' })).toBe(true); // not cancelable
    host.remove();
  });
});
