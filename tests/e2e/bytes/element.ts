// What <checkout-button> costs a page, per mode: every file the page fetches from the remote until
// the button shows, and then until the network is idle (what the button fetches when the page has a
// moment: requestIdleCallback), gzip -9. docs/element.md's "What it costs" table must say the same:
// the same files at the same moments, each size within SIZE_TOLERANCE of the build's. On a mismatch
// the failure prints the table as measured.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { e2e, expectDom, type OpenPage } from '../support/harness';
import { gzipBytes, openElementPage, remoteFiles } from '../support/elementPage';

const DOC = path.resolve(__dirname, '../../../docs/element.md');
/** No request to the remote for this long after the button is usable: the page is idle. */
const IDLE_MS = 1500;
/** How far a size in the doc may be from the build's: other changes to the button move it a little. */
const SIZE_TOLERANCE = 0.03;
const MODES = ['redirect', 'embedded'] as const;
type Mode = (typeof MODES)[number];
type When = 'shown' | 'idle' | '—';

/** A built file's name with its content hash as the doc writes it. */
const docName = (file: string) => file.replace(/\.[0-9a-f]{10}\.js$/, '.<hash>.js');

interface Measured {
  file: string;
  bytes: number;
  when: Record<Mode, When>;
}

/** The doc's table: file → bytes and when it is fetched in each mode; and its totals per mode. */
function readDocTable(): { files: Measured[]; totals: Record<string, number> } {
  const section = readFileSync(DOC, 'utf8').split('## What it costs')[1]?.split('\n## ')[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---') && !line.startsWith('| file'));
  const cells = rows.map((row) =>
    row
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim()),
  );
  const number = (cell: string) => Number(cell.replace(/[^\d]/g, ''));
  const files = cells
    .filter((c) => c[0].startsWith('`'))
    .map((c) => ({ file: c[0].replace(/`/g, ''), when: { redirect: c[2] as When, embedded: c[3] as When }, bytes: number(c[4]) }));
  const totals = Object.fromEntries(
    cells
      .filter((c) => c[0].startsWith('**total'))
      .flatMap((c) => [
        [`${c[0]} redirect`, number(c[2])],
        [`${c[0]} embedded`, number(c[3])],
      ]),
  );
  return { files, totals };
}

const near = (doc: number, measured: number) => Math.abs(doc - measured) <= measured * SIZE_TOLERANCE;

type IdleWindow = { __releaseIdle(): void };

/**
 * Holds the page's idle callbacks until the test releases them: what the button fetches "when the
 * page has a moment" then never races the moment the button shows, however fast this machine is.
 */
function holdIdleCallbacks(): void {
  const w = window as unknown as Window & IdleWindow;
  const run = w.requestIdleCallback.bind(w);
  let held: Array<() => void> | null = [];
  w.requestIdleCallback = (callback, options) => {
    if (!held) return run(callback, options);
    held.push(() => run(callback, options));
    return 0;
  };
  w.__releaseIdle = () => {
    const queued = held ?? [];
    held = null;
    for (const start of queued) start();
  };
}

export function describeElementCosts(open: OpenPage): void {
  describe('<checkout-button>: what it costs, per mode (docs/element.md)', () => {
    const measured = new Map<string, Measured>();

    /** The remote's files the element page fetched in `mode`: until the button shows, then until idle. */
    async function fetchedIn(mode: Mode): Promise<{ shown: string[]; idle: string[] }> {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const { host } = await openElementPage(open, {
        waitForButton: false,
        before: async (page) => {
          await page.context.addInitScript(holdIdleCallbacks);
          await page.context.route(`${e2e.remoteUrl}/checkout-button.js`, async (route) => held.then(() => route.continue()));
        },
      });
      // The mode is set before the element is defined, as a page's markup would have it.
      await host.page.locator('checkout-button').evaluate((el, value) => el.setAttribute('mode', value), mode);
      release();
      await host.waitForVisible(host.button(), 'the checkout button');
      const shown = remoteFiles(host);
      await host.page.evaluate(() => (window as unknown as IdleWindow).__releaseIdle());
      await expectDom(host, { state: 'resolved', disabled: false });
      let count = -1;
      while (count !== remoteFiles(host).length) {
        count = remoteFiles(host).length;
        await sleep(IDLE_MS);
      }
      await host.expectNoPageErrors();
      return { shown, idle: remoteFiles(host).slice(shown.length) };
    }

    it.each(MODES)('in %s mode, every file fetched up to network idle comes from the one tag, and is counted', async (mode) => {
      const { shown, idle } = await fetchedIn(mode);
      expect(shown[0]).toBe('checkout-button.js');
      expect([...shown, ...idle].filter((file) => !/^checkout-button(\.[\w.]+)?\.js$/.test(file))).toEqual([]);
      expect(new Set([...shown, ...idle]).size).toBe(shown.length + idle.length); // nothing fetched twice
      for (const [files, when] of [
        [shown, 'shown'],
        [idle, 'idle'],
      ] as const) {
        for (const file of files) {
          const row = measured.get(docName(file)) ?? {
            file: docName(file),
            bytes: gzipBytes(file),
            when: { redirect: '—', embedded: '—' },
          };
          row.when[mode] = when;
          measured.set(row.file, row);
        }
      }
    });

    it("docs/element.md's table says what was measured: the same files, at the same moments, the same sizes", () => {
      expect(measured.size).toBeGreaterThan(0);
      const rows = [...measured.values()];
      const total = (mode: Mode, upTo: When[]) => rows.filter((r) => upTo.includes(r.when[mode])).reduce((sum, r) => sum + r.bytes, 0);
      const totals: Record<string, number> = {};
      for (const mode of MODES) {
        totals[`**total, when shown** ${mode}`] = total(mode, ['shown']);
        totals[`**total, at network idle** ${mode}`] = total(mode, ['shown', 'idle']);
      }
      const B = (n: number) => `${n.toLocaleString('en')} B`;
      const table = [
        ...rows.map((r) => `| \`${r.file}\` | … | ${r.when.redirect} | ${r.when.embedded} | ${B(r.bytes)} |`),
        ...['**total, when shown**', '**total, at network idle**'].map(
          (t) => `| ${t} | | ${B(totals[`${t} redirect`])} | ${B(totals[`${t} embedded`])} | |`,
        ),
      ].join('\n');
      process.stderr.write(`\ne2e element costs (gzip -9), as docs/element.md's table has them:\n${table}\n\n`);

      const doc = readDocTable();
      const mismatch = [
        ...rows.flatMap((r) => {
          const row = doc.files.find((d) => d.file === r.file);
          if (!row) return [`${r.file} is fetched but not in the doc`];
          return [
            ...(near(row.bytes, r.bytes) ? [] : [`${r.file}: the doc says ${B(row.bytes)}, the build has ${B(r.bytes)}`]),
            ...MODES.filter((m) => row.when[m] !== r.when[m]).map(
              (m) => `${r.file} in ${m} mode: the doc says "${row.when[m]}", measured "${r.when[m]}"`,
            ),
          ];
        }),
        ...doc.files.filter((d) => !measured.has(d.file)).map((d) => `${d.file} is in the doc but not fetched`),
        ...Object.entries(totals)
          .filter(([key, bytes]) => !near(doc.totals[key] ?? 0, bytes))
          .map(([key, bytes]) => `${key}: the doc says ${B(doc.totals[key] ?? 0)}, measured ${B(bytes)}`),
      ];
      expect(mismatch).toEqual([]);
    });
  });
}
