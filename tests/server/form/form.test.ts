/** @jest-environment node */
// The form route (server/form/): a plain HTML form posted to /api/checkout-sessions, as a browser with
// no script posts it. One set-up for the whole concern (support/formServer.ts: the API stand-in, a
// PGlite in memory, the routes over them); each part is its own module of this folder:
// - paying.ts: the 303 to the hosted page, priced from the catalog, both encodings, the JSON path beside it;
// - refusals.ts: refusals as pages in the person's language (403, 400, 405, 408, 413, 415, 429, 502);
// - keyPerRender.ts: the button's server-rendered form, two renders → two sessions;
// - idempotency.ts: a double submit makes one session, on one or two instances;
// - config.ts: FORM_ALLOWED_ORIGINS, the assembled server half, no store or a failing one (servers of their own);
// - store.ts: the form submissions store on PGlite and Postgres (databases of its own).
import { setUpFormServer } from '../support/formServer';
import { describeConfig } from './config';
import { describeIdempotency } from './idempotency';
import { describeKeyPerRender } from './keyPerRender';
import { describePaying } from './paying';
import { describeRefusals } from './refusals';
import { describeStore } from './store';

const form = setUpFormServer();

describePaying(form);
describeRefusals(form);
describeKeyPerRender(form);
describeIdempotency(form);
describeConfig();
describeStore();
