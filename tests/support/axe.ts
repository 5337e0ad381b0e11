import axe from 'axe-core';

/** Fails with the list of rule ids and targets when axe finds a violation in `root`. */
export async function expectNoAxeViolations(root: Element): Promise<void> {
  // color-contrast needs layout, which jsdom does not do; the browser suite checks it.
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  const found = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found).toEqual([]);
}
