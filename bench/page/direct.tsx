// The "direct" host: the same component bundled straight into the page, no federation.
import { createRoot } from 'react-dom/client';
import { CheckoutButton } from '../../src/CheckoutButton';
import { Page } from './Page';

createRoot(document.getElementById('root')!).render(<Page Button={CheckoutButton} />);
