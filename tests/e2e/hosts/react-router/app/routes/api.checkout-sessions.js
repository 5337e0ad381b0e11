import { checkout, clientAddress } from '../checkoutServer.server';

export const action = async ({ request, context }) => (await checkout()).sessions(request, { clientAddress: context.get(clientAddress) });
