// An order store (and the session requests beside it) for tests that need one but not a particular
// database: PGlite in memory.
import { openDatabase } from '../../server/db/open';
import type { Database } from '../../server/db/sql';
import { sqlOrders } from '../../server/orders/orderStore';
import type { OrderStore } from '../../server/orders/orders';
import { sqlSessionRequests, type SessionRequests } from '../../server/sessions/sessionRequests';

export async function memoryOrders(): Promise<{ orders: OrderStore; sessionRequests: SessionRequests; db: Database }> {
  const db = await openDatabase({ DATABASE_URL: 'memory://' });
  return { orders: sqlOrders(db), sessionRequests: sqlSessionRequests(db), db };
}
