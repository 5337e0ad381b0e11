// Next runs `register` once as its server starts: the server half (its database above all) opens
// then, not on the first person's click.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { checkout } = await import('./checkoutServer');
  await checkout();
}
