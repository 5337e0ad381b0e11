import { checkout } from '$lib/server/checkout';

export const POST = async ({ request, getClientAddress }) => (await checkout()).webhook(request, { clientAddress: getClientAddress() });
