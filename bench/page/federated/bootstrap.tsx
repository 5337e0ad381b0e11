// The federated host, as the README recommends: the remote was requested at start-up (index.ts);
// render once its module is there (no Suspense reveal delay).
import { createRoot } from 'react-dom/client';
import { Page } from '../Page';
import type { ButtonModule } from './index';

export async function start(remote: Promise<ButtonModule | null>): Promise<void> {
  const mod = await remote;
  createRoot(document.getElementById('root')!).render(<Page Button={mod!.CheckoutButton} />);
}
