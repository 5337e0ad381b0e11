import { checkout } from '$lib/server/checkout';

export const GET = async ({ request, getClientAddress }) => (await checkout()).status(request, { clientAddress: getClientAddress() });
