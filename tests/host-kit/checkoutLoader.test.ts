import { RUNTIME_003 } from '@module-federation/error-codes';

const mockLoadRemote = jest.fn();
const mockRegisterRemotes = jest.fn();
const mockRegisterPlugins = jest.fn();
jest.mock('@module-federation/runtime', () => ({
  loadRemote: mockLoadRemote,
  registerRemotes: mockRegisterRemotes,
  registerPlugins: mockRegisterPlugins,
}));

import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { describeFailure, loadCheckout, registerCheckout, ReleaseRefused, type RemotePolicy } from '@checkout/host-kit';

const policy: RemotePolicy = { manifestUrl: 'https://cdn.example/checkout/mf-manifest.json', attempts: 3, timeoutMs: 50, verify: 'off' };
const checkoutModule = { CheckoutButton: () => null };

beforeEach(() => {
  mockLoadRemote.mockReset();
  mockRegisterRemotes.mockReset();
});

describe('loading the checkout remote', () => {
  it('retries a failed load with the remote registered afresh, and settles with the module', async () => {
    mockLoadRemote.mockRejectedValueOnce(new Error(`${RUNTIME_003}: failed to get manifest`)).mockResolvedValueOnce(checkoutModule);
    await expect(loadCheckout(policy)).resolves.toBe(checkoutModule);
    expect(mockLoadRemote).toHaveBeenCalledTimes(2);
    expect(mockRegisterRemotes).toHaveBeenCalledWith([{ name: 'checkout', entry: policy.manifestUrl }], { force: true });
  });

  it('gives up after the bounded attempts with one readable error, also when the remote never answers', async () => {
    mockLoadRemote.mockReturnValue(new Promise(() => {}));
    const error = await loadCheckout({ ...policy, attempts: 2 }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('The checkout remote is unavailable: no answer within 100 ms (2 attempts).');
    expect(mockLoadRemote).toHaveBeenCalledTimes(2);
  });

  it('names what failed from the runtime’s error codes', () => {
    expect(describeFailure(new Error(`[ Federation Runtime ]: ${RUNTIME_003} …`))).toBe('its manifest could not be fetched');
  });

  it('says a refused release was refused, and why: never an outage', () => {
    const refusal = new ReleaseRefused('sequence', 'https://cdn.example/checkout/release-inventory.json', 'Release 3 is older than 7.');
    expect(describeFailure(refusal)).toBe('its release was refused (sequence): Release 3 is older than 7.');
  });

  it('does not retry a refusal found among the failure’s causes', async () => {
    const refusal = new ReleaseRefused('signature', 'https://cdn.example/checkout/release-inventory.json', 'Bad signature.');
    mockLoadRemote.mockRejectedValue(new Error('the runtime failed', { cause: refusal }));
    const error = (await loadCheckout(policy).catch((e: Error) => e)) as Error;
    expect(error.message).toBe('The checkout remote did not run: its release was refused (signature): Bad signature.');
    expect(error.cause).toBe(refusal);
    expect(mockLoadRemote).toHaveBeenCalledTimes(1);
  });

  it("asks for each of the remote's scripts on its plain URL first (what the page preloaded), and again on a URL of its own", () => {
    registerCheckout(policy);
    const [[plugins]] = mockRegisterPlugins.mock.calls as [[ModuleFederationRuntimePlugin[]]];
    type CreateScriptArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['createScript']>>[0];
    const createScript = (url: string) => plugins[0].createScript!({ url, remoteInfo: { name: 'checkout' } } as CreateScriptArgs);
    const chunk = 'https://cdn.example/checkout/__federation_expose_CheckoutButton.0123456789.js';
    const entry = 'https://cdn.example/checkout/remoteEntry.js';

    // The runtime asks for the button's chunk before the entry: neither is a retry.
    expect(createScript(chunk)).toEqual({ timeout: policy.timeoutMs });
    expect(createScript(entry)).toEqual({ timeout: policy.timeoutMs });
    const again = createScript(entry) as { script: HTMLScriptElement; timeout: number };
    expect(again.script.src).toBe(`${entry}?retry=1`);
    expect(again.timeout).toBe(policy.timeoutMs);
  });

  it('registers one plugin that fetches the remote: the verifier when the policy verifies (the runtime keeps the last plugin’s answer)', () => {
    mockRegisterPlugins.mockReset();
    registerCheckout({ ...policy, verify: { trust: { inventoryIntegrity: 'sha384-x' }, report: () => {} } });
    const [[plugins]] = mockRegisterPlugins.mock.calls as [[ModuleFederationRuntimePlugin[]]];
    expect(plugins.map((plugin) => plugin.name)).toEqual(['verified-release']);
  });
});
