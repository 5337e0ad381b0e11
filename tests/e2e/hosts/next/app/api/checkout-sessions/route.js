import { checkout, clientOf } from '../../../checkoutServer';

export const POST = async (request) => (await checkout()).sessions(request, clientOf(request));
