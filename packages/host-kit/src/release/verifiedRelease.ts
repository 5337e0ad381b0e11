// A federation runtime plugin that lets only a verified release of a remote run. Before the runtime
// sees the manifest, the release's inventory is checked (its pinned hash, or a signature by a key of the
// publisher's key set, with its product, expiry and sequence: packages/host-kit/src/release/releaseFormat.ts) and the
// manifest's bytes against it; then every script and preload the runtime adds for
// the remote carries the inventory's `integrity`, and a URL the inventory does not list is refused
// before it is requested. Anything refused fails like an outage (the host's fallback takes over) and
// is reported. Framework-free: register it with `registerPlugins`, `init({ plugins })` or `runtimePlugins`.
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { containerGlobalHook } from '../containerGlobal.js';
import { laterFiles, type ExposeAssets } from '../manifestAssets.js';
import {
  checkFile,
  INVENTORY_FILE,
  integrityByUrl,
  ReleaseRefused,
  refuseKeyTrust,
  sha384,
  SIGNATURE_FILE,
  trustedInventory,
  type ReleaseTrust,
} from './releaseFormat.js';
import { isRemote } from '../isRemote.js';

export interface VerifiedReleaseOptions {
  /** The remote's name, as registered (`checkout`). */
  remote: string;
  trust: ReleaseTrust;
  /** Each refusal once, with the URL and the reason: send it to your monitoring. */
  report: (refusal: ReleaseRefused) => void;
  /** How the plugin fetches the manifest and the inventory (yours, with a timeout); default `fetch`. */
  fetch?: (url: string) => Promise<Response>;
}

const MANIFEST_FILE = 'mf-manifest.json';
/** The runtime's own bound on a script (it then fails the load without an `error` event). */
const SCRIPT_WAIT_MS = 20_000;
/** How long a failed file's comparison with the inventory may hold the load's failure (a fetch without a timeout may never answer). */
export const DIAGNOSIS_WAIT_MS = 5_000;
const text = (bytes: ArrayBuffer) => new TextDecoder().decode(bytes);

export function verifiedRelease(options: VerifiedReleaseOptions): ModuleFederationRuntimePlugin {
  const get = options.fetch ?? ((url: string) => fetch(url));
  // The files of the release verified last, by absolute URL; every manifest fetch verifies afresh.
  let files = new Map<string, string>();
  // The scripts the runtime preloaded for it: false once one failed.
  let preloads: Array<Promise<boolean>> = [];
  // The release's chunks its modules ask for only when needed (by URL): their own loader fetches one
  // again, under its own integrity map, if its preload failed, so no module waits on them.
  let later = new Set<string>();
  // Failed files being compared with the inventory: a refusal is reported before the load fails with it.
  const diagnoses = new Set<Promise<void>>();

  // An unreachable file is an outage: its error names the file (the runtime passes the text on in its
  // RUNTIME-003), so the page says which file, not that the manifest it did fetch could not be.
  async function bytes(url: string): Promise<ArrayBuffer> {
    const response = await get(url).catch((error: unknown) => {
      throw new Error(`${url} could not be fetched (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.arrayBuffer();
  }

  function refused(error: unknown): never {
    if (error instanceof ReleaseRefused) options.report(error);
    throw error;
  }

  /** The release a manifest serves: a channel's names its release in `publicPath`, on its own origin. */
  function releaseOf(manifestUrl: string, manifest: ArrayBuffer): string {
    const publicPath = (JSON.parse(text(manifest)) as { metaData?: { publicPath?: unknown } }).metaData?.publicPath;
    if (typeof publicPath !== 'string' || !/^https?:\/\//.test(publicPath)) return new URL('./', manifestUrl).href;
    const release = new URL(publicPath.endsWith('/') ? publicPath : `${publicPath}/`);
    if (release.origin !== new URL(manifestUrl).origin) {
      throw new ReleaseRefused(
        'channel',
        manifestUrl,
        `The channel at ${manifestUrl} names a release on another origin (${release.origin}).`,
      );
    }
    return release.href;
  }

  async function verify(manifestUrl: string): Promise<Response> {
    files = new Map();
    preloads = [];
    later = new Set();
    // A configuration that can trust nothing is refused before anything is fetched, never taken as an outage.
    const misconfigured = refuseKeyTrust(options.trust, manifestUrl);
    if (misconfigured) throw misconfigured;
    const pinned = 'inventoryIntegrity' in options.trust;
    const first = bytes(manifestUrl);
    // A pinned release is the manifest's own directory: its files are all asked for at once.
    const release = pinned ? new URL('./', manifestUrl).href : releaseOf(manifestUrl, await first);
    const own = release + MANIFEST_FILE === manifestUrl;
    const [inventory, signature, manifest] = await Promise.all([
      bytes(release + INVENTORY_FILE),
      pinned ? undefined : bytes(release + SIGNATURE_FILE).then(text),
      own ? first : bytes(release + MANIFEST_FILE),
    ]);
    const verified = integrityByUrl(await trustedInventory(release + INVENTORY_FILE, inventory, options.trust, signature), release);
    await checkFile(verified, release + MANIFEST_FILE, manifest);
    files = verified;
    // The release's own manifest, verified, with its files under the release's URL.
    const json = JSON.parse(text(manifest)) as { metaData: Record<string, unknown>; exposes?: ExposeAssets[] };
    json.metaData = { ...json.metaData, publicPath: release };
    later = new Set([...laterFiles(json.exposes)].map((file) => new URL(file, release).href));
    return new Response(JSON.stringify(json), { headers: { 'Content-Type': 'application/json' } });
  }

  /** A failed script of the release: its bytes differ (reported), or it was unreachable (an outage). */
  function diagnose(url: string, integrity: string): Promise<void> {
    const compared = bytes(url)
      .then(sha384, () => integrity)
      .then((actual) => {
        if (actual !== integrity)
          options.report(new ReleaseRefused('file-integrity', url, `${url} differs from the verified release inventory; it did not run.`));
      });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, DIAGNOSIS_WAIT_MS)));
    const diagnosis: Promise<void> = Promise.race([compared, waited]).finally(() => {
      clearTimeout(timer);
      diagnoses.delete(diagnosis);
    });
    diagnoses.add(diagnosis);
    return diagnosis;
  }

  /** Whether a script loaded (false after SCRIPT_WAIT_MS); a failed one is diagnosed. */
  function outcome(script: HTMLScriptElement, url: string, integrity: string): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), SCRIPT_WAIT_MS);
      script.addEventListener('load', () => (clearTimeout(timer), resolve(true)), { once: true });
      script.addEventListener(
        'error',
        () => (
          clearTimeout(timer),
          void diagnose(url, integrity)
            .catch(() => undefined)
            .then(() => resolve(false))
        ),
        { once: true },
      );
    });
  }

  function pin<T extends HTMLScriptElement | HTMLLinkElement>(element: T, url: string, attrs: Record<string, string> | undefined): T {
    const integrity = files.get(url);
    if (!integrity)
      refused(new ReleaseRefused('not-inventoried', url, `${url} is not in the verified release inventory; it was not requested.`));
    for (const [name, value] of Object.entries(attrs ?? {})) element.setAttribute(name, value);
    element.integrity = integrity;
    element.crossOrigin = 'anonymous';
    return element;
  }

  return {
    name: 'verified-release',
    // A page element named like the container global (`id="checkout"`) does not stand in for the container.
    loadEntry: containerGlobalHook(options.remote),
    fetch: (url, _init, remote) => (isRemote(remote, options.remote) ? verify(url).catch(refused) : undefined),
    createScript({ url, attrs, remoteInfo }) {
      if (!isRemote(remoteInfo, options.remote)) return undefined;
      const script = pin(document.createElement('script'), url, attrs);
      const loaded = outcome(script, url, script.integrity);
      if (!later.has(url)) preloads.push(loaded);
      script.src = url;
      return script;
    },
    // A preloaded chunk that failed would be fetched again by the remote's own runtime, which may not
    // check integrity: the module is not asked for until every script it needs before it runs has loaded.
    // The runtime awaits this hook (an async hook in runtime-core): its rejection is the remote's failure.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    async beforeGetExpose({ moduleInfo }) {
      if (!isRemote(moduleInfo, options.remote)) return;
      if ((await Promise.all(preloads)).includes(false))
        throw new Error(`A script of the ${options.remote} release did not load with its integrity; the remote does not run.`);
    },
    // The entry failed (the browser refused its integrity, or it was unreachable): the load fails once
    // its diagnosis is in, so whoever retries knows whether it was refused (the runtime awaits this hook).
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    async afterLoadEntry({ remoteInfo, error }) {
      if (isRemote(remoteInfo, options.remote) && error) await Promise.all([...diagnoses].map((d) => d.catch(() => undefined)));
    },
    createLink({ url, attrs, remoteInfo }) {
      if (!isRemote(remoteInfo, options.remote)) return undefined;
      const link = pin(document.createElement('link'), url, attrs);
      link.addEventListener('error', () => void diagnose(url, link.integrity).catch(() => undefined), { once: true });
      link.href = url;
      return link;
    },
  };
}
