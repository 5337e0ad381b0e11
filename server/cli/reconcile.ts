// `checkout-server reconcile [--days N]`: the same run as `npm run reconcile` (reconcile/reconcileCli.ts).
export { reconcileCommand as reconcile } from '../reconcile/reconcileCli';
