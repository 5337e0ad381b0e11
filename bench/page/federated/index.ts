// Start fetching the remote (manifest, entry, chunks) now, in parallel with this host's own async
// boundary, instead of after it: the button's path then overlaps the host's start-up.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { CheckoutButtonProps } from '../../../src/types';

export type ButtonModule = { CheckoutButton: ComponentType<CheckoutButtonProps> };

registerRemotes([{ name: 'checkout', entry: new URLSearchParams(location.search).get('remote')! }]);
const remote = loadRemote<ButtonModule>('checkout/CheckoutButton');

// React is shared eagerly from this entry, so the page's own code needs no async chunk of its own:
// `webpackMode: "eager"` keeps bootstrap in main.js (no extra round trip before the render).
import(/* webpackMode: "eager" */ './bootstrap').then(({ start }) => start(remote));
