// Start fetching the remote (manifest, entry, chunks) now, in parallel with this host's own async
// boundary, instead of after it: the button's path then overlaps the host's start-up.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { CheckoutButtonProps } from '../../../src/types';

export type ButtonModule = { CheckoutButton: ComponentType<CheckoutButtonProps> };

registerRemotes([{ name: 'checkout', entry: new URLSearchParams(location.search).get('remote')! }]);
const remote = loadRemote<ButtonModule>('checkout/CheckoutButton');

// The async boundary: React is negotiated with the remote before anything imports it.
import('./bootstrap').then(({ start }) => start(remote));
