import type { APIRoute } from 'astro';
import { checkout } from '../../lib/checkout';

export const POST: APIRoute = async ({ request, clientAddress }) => (await checkout()).sessions(request, { clientAddress });
