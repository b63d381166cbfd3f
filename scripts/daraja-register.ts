// npm run daraja:register
// Registers the shop's C2B confirmation and validation URLs with Daraja for DARAJA_SHORTCODE (once per shortcode and
// whenever PUBLIC_URL changes; ADR 043). Paybill/Till payments by hand reach the shop only after this. Needs the
// DARAJA_* keys and PUBLIC_URL of the running shop; touches no database.
import { getEnv, darajaConfigured } from "../app/lib/env.server";
import { registerC2bUrls } from "../app/modules/payments/mpesa-payments.server";

const env = getEnv();
if (!darajaConfigured(env)) {
  console.error("Set DARAJA_CONSUMER_KEY, DARAJA_CONSUMER_SECRET, DARAJA_SHORTCODE and DARAJA_PASSKEY first.");
  process.exit(2);
}
await registerC2bUrls();
console.log(`Registered ${env.PUBLIC_URL}/api/payments/daraja/confirmation for ${env.DARAJA_SHORTCODE}.`);
