import { checkout, clientOf } from '../../../checkoutServer';

export const GET = async (request) => (await checkout()).status(request, clientOf(request));
