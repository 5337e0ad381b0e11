import { checkout, clientAddress } from '../checkoutServer.server';

export const action = async ({ request, context }) => (await checkout()).webhook(request, { clientAddress: context.get(clientAddress) });
