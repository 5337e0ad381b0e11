// The Stripe API stand-in as a process of its own, for the load run (see processes.ts).
import { startStripeApiStandIn } from '../stand-ins/stripeApi';

startStripeApiStandIn().then(
  (standIn) => {
    process.stdin.on('end', () => process.exit(0)).resume();
    process.stdout.write(`${JSON.stringify({ url: standIn.url })}\n`);
  },
  (error: unknown) => {
    // No URL line: processes.ts reports that the stand-in exited early.
    console.error(error);
    process.exit(1);
  },
);
