// When a wallet button counts as near the viewport (its wallet session is asked for then).
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { useNearViewport } from '../../src/ui/useNearViewport';

/** An IntersectionObserver that reports only when the test says so. */
class ObserverStub {
  static made: ObserverStub[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly report: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    ObserverStub.made.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  enter() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.report(entries, this as unknown as IntersectionObserver);
  }
}

/** Puts every element at `top` px from the viewport's top (jsdom lays nothing out). */
function placeAt(top: number) {
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + 40, left: 0, right: 200 } as DOMRect);
}

const seen: boolean[] = [];
function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, true);
  seen.push(near);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

beforeEach(() => {
  seen.length = 0;
  ObserverStub.made.length = 0;
  globalThis.IntersectionObserver = ObserverStub as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('useNearViewport', () => {
  it('an element in view is near before the first paint, without waiting for the observer', () => {
    placeAt(100);
    const { container } = render(<Probe />);
    expect(container.textContent).toBe('near');
    expect(ObserverStub.made).toHaveLength(0);
  });

  it('an element within 300 px below the viewport is near at once too', () => {
    placeAt(window.innerHeight + 250);
    const { container } = render(<Probe />);
    expect(container.textContent).toBe('near');
  });

  it('an element far below is not near until the observer (300 px margin) says it intersects, then stays near', () => {
    placeAt(window.innerHeight + 2_000);
    const { container } = render(<Probe />);
    expect(container.textContent).toBe('far');
    expect(ObserverStub.made).toHaveLength(1);
    expect(ObserverStub.made[0].options?.rootMargin).toBe('300px 0px');
    act(() => ObserverStub.made[0].enter());
    expect(container.textContent).toBe('near');
    expect(ObserverStub.made[0].targets).toHaveLength(0); // disconnected once near
  });
});
