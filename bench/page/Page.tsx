// The page both bench hosts render; they differ only in where CheckoutButton comes from.
import type { ComponentType } from 'react';
import type { CheckoutButtonProps } from '../../src/types';

export function Page({ Button }: { Button: ComponentType<CheckoutButtonProps> }) {
  return (
    <Button publishableKey="pk_test_bench" sessionEndpoint="/api/checkout-sessions">
      Pay 12.00 €
    </Button>
  );
}
