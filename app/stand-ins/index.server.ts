// Every local stand-in the running shop may use outside production, behind one door: the app reaches this module
// only through loadStandIns() (app/lib/stand-ins.server.ts), which a production build (npm run build:production)
// compiles to nothing, so none of this code is in it (ADR 031). Tests import the stand-ins they start directly.
export { startLocalPesapal } from "./local-pesapal.server";
export { startAiStandIn, type AiStandIn } from "./ai-stand-in.server";
export { createOutboxMailer, readOutbox, readOutboxRaw } from "./dev-outbox.server";
export { startLocalSms, readSmsOutbox, STAND_IN_NUMBERS } from "./sms-stand-in.server";
export { startLocalDaraja, localDaraja } from "./local-daraja.server";
