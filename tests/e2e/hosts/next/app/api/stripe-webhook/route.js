import { checkout, clientOf } from '../../../checkoutServer';

export const POST = async (request) => (await checkout()).webhook(request, clientOf(request));
