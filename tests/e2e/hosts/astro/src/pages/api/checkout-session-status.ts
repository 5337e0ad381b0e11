import type { APIRoute } from 'astro';
import { checkout } from '../../lib/checkout';

export const GET: APIRoute = async ({ request, clientAddress }) => (await checkout()).status(request, { clientAddress });
