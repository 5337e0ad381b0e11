// A process that opens the orders' PGlite folder and writes orders when told: what the lock tests run
// twice against one folder, in PID namespaces of their own, killed or frozen. argv: folder,
// heartbeatMs, staleMs. Prints JSON lines (`opened`, `refused`, `lost`, `wrote`, `writeFailed`,
// `closed`); reads commands on stdin: `write <prefix> <count>`, `close`. Goes when stdin ends.
import { createInterface } from 'node:readline';
import { openDatabase } from '../../../server/db/open';
import { sqlOrders } from '../../../server/orders/orderStore';

const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
const [dir, heartbeatMs, staleMs] = process.argv.slice(2);

async function main() {
  const lock = { heartbeatMs: Number(heartbeatMs), staleMs: Number(staleMs) };
  const db = await openDatabase({ ORDERS_DATA_DIR: dir }, { lock, onLost: (error) => print({ lost: error.message }) }).catch(
    (error: Error) => {
      print({ refused: error.message, pid: process.pid });
      process.exit(3);
    },
  );
  const orders = sqlOrders(db);
  let closing = false;
  print({ opened: true, pid: process.pid });
  createInterface({ input: process.stdin }).on('line', (line) => void obey(line));
  async function obey(line: string): Promise<void> {
    const [command, prefix, count] = line.split(' ');
    if (command === 'close') {
      closing = true;
      await db.close();
      print({ closed: true });
      process.exit(0);
    }
    try {
      for (let i = 0; i < Number(count); i++) {
        const claim = await orders.claim(`${prefix}${i}`, 30_000);
        if (claim.won) await orders.markFulfilled(`${prefix}${i}`);
      }
      print({ wrote: Number(count) });
    } catch (error) {
      print({ writeFailed: (error as Error).message });
    }
  }
  process.stdin.on('end', () => closing || process.exit(0));
}

void main();
