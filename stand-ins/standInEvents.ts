// What every stand-in object and event shares: ids as Stripe shapes them, and the event envelope
// Stripe wraps an object in at the modelled API version.
import { randomBytes } from 'node:crypto';
import { MODELLED_API_VERSION } from './checkoutSessionRules';

export type StandInObject = Record<string, unknown>;
export interface StandInEvent extends StandInObject {
  id: string;
  type: string;
  data: { object: StandInObject; previous_attributes?: StandInObject };
}

/** Random hex for an object's id after its prefix (`cs_test_…`, `evt_…`). */
export const token = (bytes = 12) => randomBytes(bytes).toString('hex');

export interface EventOf {
  type: string;
  object: StandInObject;
  /** Seconds, the book's clock. */
  created: number;
  /** A connected account's events name it (Connect webhooks). */
  account?: string;
  /** What an update changed (`customer.subscription.updated`). */
  previous?: StandInObject;
}

export function standInEvent({ type, object, created, account, previous }: EventOf): StandInEvent {
  return {
    id: `evt_${token()}`,
    object: 'event',
    ...(account ? { account } : {}),
    api_version: MODELLED_API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
  };
}
