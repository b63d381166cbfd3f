// Every GetTransactionStatus call about an order goes through here (issue 30 item 10). An IPN is unauthenticated:
// anyone can send one naming an existing order, and each used to cost a Pesapal call. So, in this process:
//   - one call per tracking id at a time: checks of one order that come while a call is in flight share its answer;
//   - an IPN-caused check reuses a "not paid yet" answer fetched in the last few seconds (the IPN is answered 500
//     whatever a fresh call would have said about an unpaid order, so Pesapal sends it again);
//   - at most IPN_GATEWAY_CALLS_LIMIT calls caused by IPNs at once; an IPN over the bound asks nothing.
// An IPN answered from a shared or reused answer is told "not processed" (500) by the caller: that answer may predate
// the change the IPN announces, and Pesapal's resend is then checked afresh. A genuine notification is never lost.
// Callbacks, polls and admins always ask (they may join a call already in flight: it started moments ago).
import { singleton } from "~/lib/singleton.server";
import { recordGatewayFailure } from "./gateway-failures.server";
import { getPesapal } from "./payment-gateway.server";
import type { TransactionStatus } from "./pesapal/types";

/**
 * Pesapal calls IPNs may cause at once in one process. A genuine Pesapal sends a handful of IPNs a minute to a shop
 * this size, each answered within a second; eight in flight leaves room for a burst of real payments while a flood of
 * forged IPNs (100 at once opened 100 gateway connections) is held to eight.
 */
export const IPN_GATEWAY_CALLS_LIMIT = 8;
/**
 * How long a "not paid yet" answer is reused for IPNs of the same order. A few seconds is enough to absorb a flood
 * and short against the M-Pesa prompt the buyer is answering; the poll and Pesapal's resend ask again afterwards.
 */
export const NOT_PAID_REUSE_MS = 5_000;
/** Recent answers kept at most; beyond this, expired ones are dropped (only existing orders ever get an entry). */
const RECENT_LIMIT = 5_000;

export type CheckCause = "ipn" | "other";

export type StatusCheck =
  /** `shared`: the answer of a call another check started (in flight, or a recent "not paid yet"). */
  | { kind: "answered"; report: TransactionStatus; shared: boolean }
  /** IPN only: the bound is reached; nothing was asked. */
  | { kind: "busy" };

const state = singleton("gateway-checks", () => ({
  inFlight: new Map<string, Promise<TransactionStatus>>(),
  notPaid: new Map<string, { report: TransactionStatus; at: number }>(),
  ipnCalls: 0,
  /** For tests: the most IPN-caused calls that were in flight at once. */
  ipnCallsPeak: 0,
}));

/** Pesapal's status of one transaction. Throws when Pesapal could not be asked (the failure is counted). */
export async function checkTransactionStatus(trackingId: string, cause: CheckCause): Promise<StatusCheck> {
  const running = state.inFlight.get(trackingId);
  if (running) return { kind: "answered", report: await running, shared: true };
  if (cause === "ipn") {
    const recent = state.notPaid.get(trackingId);
    if (recent && Date.now() - recent.at < NOT_PAID_REUSE_MS)
      return { kind: "answered", report: recent.report, shared: true };
    if (state.ipnCalls >= IPN_GATEWAY_CALLS_LIMIT) return { kind: "busy" };
    state.ipnCalls++;
    state.ipnCallsPeak = Math.max(state.ipnCallsPeak, state.ipnCalls);
  }
  const call = ask(trackingId);
  state.inFlight.set(trackingId, call);
  try {
    return { kind: "answered", report: await call, shared: false };
  } finally {
    state.inFlight.delete(trackingId);
    if (cause === "ipn") state.ipnCalls--;
  }
}

async function ask(trackingId: string): Promise<TransactionStatus> {
  let report: TransactionStatus;
  try {
    report = await (await getPesapal()).getTransactionStatus(trackingId);
  } catch (error) {
    await recordGatewayFailure("GetTransactionStatus", error);
    throw error;
  }
  // Any fresh answer replaces what IPNs may reuse: only "not paid yet" is kept.
  if (report.statusCode === 0) {
    if (state.notPaid.size >= RECENT_LIMIT) dropExpired(Date.now());
    state.notPaid.set(trackingId, { report, at: Date.now() });
  } else {
    state.notPaid.delete(trackingId);
  }
  return report;
}

function dropExpired(now: number) {
  for (const [id, entry] of state.notPaid) if (now - entry.at >= NOT_PAID_REUSE_MS) state.notPaid.delete(id);
  // CASE: all recent (a flood naming thousands of pending orders) -> start afresh rather than grow.
  if (state.notPaid.size >= RECENT_LIMIT) state.notPaid.clear();
}

/** For tests: the most IPN-caused calls in flight at once since the last reset, and a reset. */
export function ipnCallsPeak(reset = false): number {
  const peak = state.ipnCallsPeak;
  if (reset) state.ipnCallsPeak = state.ipnCalls;
  return peak;
}

/** For tests: forget recent answers (as if the reuse window had passed). */
export function forgetRecentAnswers() {
  state.notPaid.clear();
}
