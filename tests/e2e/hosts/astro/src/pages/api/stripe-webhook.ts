import type { APIRoute } from 'astro';
import { checkout } from '../../lib/checkout';

// The raw body reaches the handler untouched (it verifies Stripe's signature over those bytes).
export const POST: APIRoute = async ({ request, clientAddress }) => (await checkout()).webhook(request, { clientAddress });
