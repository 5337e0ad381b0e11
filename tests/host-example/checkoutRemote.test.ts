import { RUNTIME_003 } from '@module-federation/error-codes';

const mockLoadRemote = jest.fn();
const mockRegisterRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: mockLoadRemote, registerRemotes: mockRegisterRemotes, registerPlugins: jest.fn() }));

import { describeFailure, loadCheckout, type RemotePolicy } from '../../host-example/src/checkoutRemote';

const policy: RemotePolicy = { manifestUrl: 'https://cdn.example/checkout/mf-manifest.json', attempts: 3, timeoutMs: 50 };
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
});
