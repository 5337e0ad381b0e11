import { checkout, clientAddress } from '../checkoutServer.server';

export const loader = async ({ request, context }) => (await checkout()).status(request, { clientAddress: context.get(clientAddress) });
