// The local Stripe of the browser tests (playwright.config.ts starts it): the API the product
// calls, the page a member pays on, and webhooks signed as Stripe signs them, sent to the product.
import { startFakeStripe } from '../src/server/test/stripe.js';

const port = Number(process.env.FAKE_STRIPE_PORT);
const webhookUrl = process.env.FAKE_STRIPE_WEBHOOK_URL;
if (!port || !webhookUrl) throw new Error('FAKE_STRIPE_PORT and FAKE_STRIPE_WEBHOOK_URL are required');
await startFakeStripe({ port, webhookUrl });
