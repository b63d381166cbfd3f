// A stand-in for Africa's Talking's SMS API (ADR 044), over HTTP, so the shop's real client code runs in development
// and tests. It answers POST /version1/messaging as AT does (201, SMSMessageData.Recipients[] with statusCode, status,
// messageId, cost) and then posts a delivery report to the shop's callback, form-encoded like AT's (id, status,
// phoneNumber, networkCode, retryCount, failureReason). What happens depends on the number, so every documented and
// plausible behaviour can be seen on purpose (STAND_IN_NUMBERS, also listed on /dev/sms).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { singleton } from "~/lib/singleton.server";

/** Numbers with a fixed behaviour (international digits); any other number gets 101 Sent and a Success report. */
export const STAND_IN_NUMBERS = {
  queued: "254700000102", // 102 Queued, then a Success report
  invalid: "254700000403", // 403 InvalidPhoneNumber
  blacklisted: "254700000406", // 406 UserInBlacklist (she stopped messages)
  serverError: "254700000500", // HTTP 500 on every request
  slow: "254700000504", // answers only after `slowMs` (longer than the client waits)
  absent: "254700000410", // 101 Sent, then a Failed report (AbsentSubscriber)
  noReport: "254700000444", // 101 Sent, and no delivery report ever comes
} as const;

export interface StandInSms {
  messageId: string;
  to: string;
  from: string | null;
  body: string;
  statusCode: number;
  status: string;
  cost: string;
  deliveryStatus: string | null;
  /** The report post's answer from the shop (HTTP status), or the error. */
  reportAnswer: string | null;
  at: string;
}

export interface AfricasTalkingStandIn {
  url: string;
  username: string;
  apiKey: string;
  /** Every message it took (newest first), with its delivery report's outcome. */
  outbox(): StandInSms[];
  /** Requests answered so far (any outcome), for tests. */
  requests(): number;
  /** The next `count` requests answer HTTP 500 (a transient failure). */
  failNext(count: number): void;
  close(): Promise<void>;
}

export interface AfricasTalkingStandInOptions {
  username?: string;
  apiKey?: string;
  /** Where delivery reports are posted (the shop's callback URL with its secret); none when unset. */
  callbackUrl?: string | (() => string | undefined);
  reportDelayMs?: number;
  slowMs?: number;
}

const RECIPIENT_STATUS: Record<number, string> = {
  101: "Success",
  102: "Queued",
  403: "InvalidPhoneNumber",
  406: "UserInBlacklist",
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

export async function startAfricasTalkingStandIn(
  options: AfricasTalkingStandInOptions = {},
): Promise<AfricasTalkingStandIn> {
  const username = options.username ?? "sandbox";
  const apiKey = options.apiKey ?? `atsk_local_${randomBytes(12).toString("hex")}`;
  const sent: StandInSms[] = [];
  let failures = 0;
  let requests = 0;
  const timers = new Set<NodeJS.Timeout>();

  const report = (sms: StandInSms, status: string, failureReason?: string) => {
    const target = typeof options.callbackUrl === "function" ? options.callbackUrl() : options.callbackUrl;
    if (!target) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const form = new URLSearchParams({
        id: sms.messageId,
        status,
        phoneNumber: `+${sms.to}`,
        networkCode: "63902",
        retryCount: "0",
      });
      if (failureReason) form.set("failureReason", failureReason);
      sms.deliveryStatus = status;
      fetch(target, { method: "POST", body: form, signal: AbortSignal.timeout(10_000) })
        .then((r) => {
          sms.reportAnswer = `HTTP ${r.status}`;
        })
        .catch((error: Error) => {
          sms.reportAnswer = error.message;
        });
    }, options.reportDelayMs ?? 1000);
    timers.add(timer);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "").split("?")[0];
      if (req.method !== "POST" || path !== "/version1/messaging")
        return json(res, 404, { error: "Africa's Talking stand-in: not found" });
      const form = new URLSearchParams(await readBody(req));
      requests += 1;
      if (req.headers.apikey !== apiKey || form.get("username") !== username) {
        res.writeHead(401, { "Content-Type": "text/plain" }).end("The supplied authentication is invalid");
        return;
      }
      if (failures > 0) {
        failures -= 1;
        res.writeHead(500, { "Content-Type": "text/plain" }).end("Internal Server Error");
        return;
      }
      const to = (form.get("to") ?? "").replace(/^\+/, "");
      const message = form.get("message") ?? "";
      if (!/^[0-9]{9,15}$/.test(to) || !message) {
        return json(res, 400, { SMSMessageData: { Message: "InvalidRequest", Recipients: [] } });
      }
      if (to === STAND_IN_NUMBERS.serverError) {
        res.writeHead(500, { "Content-Type": "text/plain" }).end("Internal Server Error");
        return;
      }
      if (to === STAND_IN_NUMBERS.slow) await new Promise((r) => setTimeout(r, options.slowMs ?? 15_000));
      const statusCode =
        to === STAND_IN_NUMBERS.queued
          ? 102
          : to === STAND_IN_NUMBERS.invalid
            ? 403
            : to === STAND_IN_NUMBERS.blacklisted
              ? 406
              : 101;
      const accepted = statusCode === 101 || statusCode === 102;
      const sms: StandInSms = {
        messageId: accepted ? `ATXid_${randomBytes(16).toString("hex")}` : "None",
        to,
        from: form.get("from"),
        body: message,
        statusCode,
        status: RECIPIENT_STATUS[statusCode],
        cost: accepted ? "KES 0.8000" : "0",
        deliveryStatus: null,
        reportAnswer: null,
        at: new Date().toISOString(),
      };
      sent.unshift(sms);
      if (sent.length > 200) sent.pop();
      if (accepted && to === STAND_IN_NUMBERS.absent) report(sms, "Failed", "AbsentSubscriber");
      else if (accepted && to !== STAND_IN_NUMBERS.noReport) report(sms, "Success");
      json(res, 201, {
        SMSMessageData: {
          Message: accepted ? `Sent to 1/1 Total Cost: ${sms.cost}` : "Sent to 0/1 Total Cost: 0",
          Recipients: [{ statusCode, number: `+${to}`, status: sms.status, cost: sms.cost, messageId: sms.messageId }],
        },
      });
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    username,
    apiKey,
    outbox: () => sent.map((s) => ({ ...s })),
    requests: () => requests,
    failNext(count) {
      failures = count;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const local = singleton("local-sms-stand-in", () => ({
  standIn: undefined as Promise<AfricasTalkingStandIn> | undefined,
}));

/**
 * `npm start` outside production without AT keys: one stand-in per process, reporting deliveries to the shop's own
 * callback (the caller passes its URL with the secret). The caller points its AT client at it.
 */
export function startLocalSms(callbackUrl: string): Promise<AfricasTalkingStandIn> {
  local.standIn ??= startAfricasTalkingStandIn({ callbackUrl, reportDelayMs: 2000 });
  return local.standIn;
}

/** What the local stand-in took, for /dev/sms (empty before the first SMS). */
export async function readSmsOutbox(): Promise<StandInSms[]> {
  return local.standIn ? (await local.standIn).outbox() : [];
}
