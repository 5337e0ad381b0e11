/**
 * @jest-environment jsdom
 */
// The bench's `now` page replaces the host kit's afterPageLoad.ts at build time: a missing export would
// only show as a page that never renders its button, and a wait left in would measure nothing.
import * as kit from '../../packages/host-kit/src/afterPageLoad';
import * as now from '../../bench/scriptsNow';

it("bench/scriptsNow.ts has every export of the host kit's afterPageLoad.ts", () => {
  expect(Object.keys(now).sort()).toEqual(Object.keys(kit).sort());
});

it('waits for nothing: a script goes in as it is, the plugin as it is, before the page has loaded', async () => {
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
  const script = document.createElement('script');
  script.src = 'https://cdn.example/remoteEntry.js';
  expect(now.runAfterPageLoad(script)).toBe(script);
  expect(script.type).toBe('');
  const plugin = { name: 'p' };
  expect(now.scriptsAfterPageLoad(plugin, 'checkout')).toBe(plugin);
  await expect(now.pageLoaded()).resolves.toBeUndefined();
  expect(kit.runAfterPageLoad(document.createElement('script')).type).toBe(kit.WAITING_TYPE);
});
