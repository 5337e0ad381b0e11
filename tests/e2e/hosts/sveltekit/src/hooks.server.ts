// SvelteKit runs `init` once as its server starts: the server half (its database above all) opens
// then, not on the first person's click.
import type { ServerInit } from '@sveltejs/kit';
import { checkout } from '$lib/server/checkout';

export const init: ServerInit = async () => {
  await checkout();
};
