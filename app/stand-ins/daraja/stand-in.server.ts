// A local Safaricom Daraja stand-in (ADR 043): the same paths, field names and quirks as the real API (OAuth,
// M-Pesa Express and its query, C2B URL registration with validation and confirmation, transaction status,
// reversal), and a phone to answer the prompts (the dev page /dev/phone, and tests). Development and tests only;
// never in the production build (ADR 031).
//
// What it plays: every documented answer to a prompt (0 paid, 1 no funds, 1032 cancelled, 1037 no answer, 2001
// wrong PIN, 1001 another prompt in progress), a query that says "still processing" until she answers, a callback
// that comes once, twice, never or late (after the query), and tokens that expire.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID } from "node:crypto";
import { inNairobi } from "~/lib/nairobi-time";

export interface DarajaStandInOptions {
  port?: number;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** Token lifetime (Daraja: 3599 s). */
  tokenTtlMs?: number;
  /** The name a prompt and a confirmation show for the shortcode. */
  businessName?: string;
}

/** How she answers a prompt on the phone. */
export type PhoneAnswer = "approve" | "no-funds" | "cancel" | "no-answer" | "wrong-pin";
/** How the callback for an answer reaches the shop. */
export type CallbackDelivery = "once" | "twice" | "never";

export const RESULT_OF: Record<PhoneAnswer, { code: number; desc: string }> = {
  approve: { code: 0, desc: "The service request is processed successfully." },
  "no-funds": { code: 1, desc: "The balance is insufficient for the transaction." },
  cancel: { code: 1032, desc: "Request cancelled by user" },
  "no-answer": { code: 1037, desc: "DS timeout user cannot be reached" },
  "wrong-pin": { code: 2001, desc: "The initiator information is invalid." },
};
const BUSY = {
  code: 1001,
  desc: "Unable to lock subscriber, a transaction is already in process for the current subscriber",
};

export interface StandInPrompt {
  checkoutRequestId: string;
  merchantRequestId: string;
  phone: string;
  amount: number;
  accountReference: string;
  businessName: string;
  callbackUrl: string;
  createdAt: number;
  result: { code: number; desc: string } | null;
  receipt: string | null;
  callbacksSent: number;
  /** She put the phone away without answering: the prompt stays unanswered (the query says "still processing"). */
  ignored: boolean;
}

export interface StandInTransaction {
  receipt: string;
  amount: number;
  phone: string;
  accountReference: string;
  kind: "stk" | "c2b";
  reversed: boolean;
  at: Date;
}

export type DarajaStandIn = Awaited<ReturnType<typeof startDarajaStandIn>>;

/** An M-Pesa receipt: ten capitals and digits, starting with a letter. */
function newReceipt(): string {
  const chars = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
  const bytes = randomBytes(9);
  return "T" + Array.from(bytes, (b) => chars[b % chars.length]).join("");
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"));
      } catch {
        resolve({});
      }
    });
  });
}

async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, json };
  } catch (error) {
    return { status: 0, json: String(error) };
  }
}

function eatTime(date: Date): string {
  return inNairobi(date).toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

export async function startDarajaStandIn(options: DarajaStandInOptions) {
  const tokenTtlMs = options.tokenTtlMs ?? 3599_000;
  const businessName = options.businessName ?? "NURU";
  const tokens = new Map<string, number>();
  const prompts = new Map<string, StandInPrompt>();
  const transactions = new Map<string, StandInTransaction>();
  const c2bUrls: { confirmation?: string; validation?: string } = {};
  /** Every request the shop made (paths and bodies), for tests. */
  const requests: { path: string; body: unknown }[] = [];
  let tokensIssued = 0;
  let resultsToLose = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, errorCode: string, errorMessage: string) =>
    json(res, status, { requestId: randomUUID().slice(0, 18), errorCode, errorMessage });

  function bearerOk(req: IncomingMessage): boolean {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  function passwordOk(body: Record<string, unknown>): boolean {
    const expected = Buffer.from(`${options.shortcode}${options.passkey}${String(body.Timestamp)}`).toString("base64");
    return body.Password === expected && String(body.BusinessShortCode) === options.shortcode;
  }

  async function sendCallback(prompt: StandInPrompt) {
    const result = prompt.result!;
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: result.code,
      ResultDesc: result.desc,
    };
    if (result.code === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: "Amount", Value: prompt.amount },
          { Name: "MpesaReceiptNumber", Value: prompt.receipt },
          { Name: "Balance" },
          { Name: "TransactionDate", Value: Number(eatTime(new Date())) },
          { Name: "PhoneNumber", Value: Number(prompt.phone) },
        ],
      };
    }
    prompt.callbacksSent++;
    return post(prompt.callbackUrl, { Body: { stkCallback } });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const body = (req.method === "POST" ? await readBody(req) : {}) as Record<string, unknown>;
    requests.push({ path: url.pathname, body });
    if (url.pathname === "/oauth/v1/generate") {
      const expected = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString("base64");
      if (
        req.headers.authorization !== `Basic ${expected}` ||
        url.searchParams.get("grant_type") !== "client_credentials"
      ) {
        return error(res, 400, "400.008.01", "Invalid Authentication passed");
      }
      const token = randomBytes(16).toString("base64url");
      tokens.set(token, Date.now() + tokenTtlMs);
      tokensIssued++;
      return json(res, 200, { access_token: token, expires_in: String(Math.floor(tokenTtlMs / 1000)) });
    }
    if (req.method !== "POST") return error(res, 404, "404.001.01", "Resource not found");
    if (!bearerOk(req)) return error(res, 401, "404.001.03", "Invalid Access Token");

    switch (url.pathname) {
      case "/mpesa/stkpush/v1/processrequest": {
        if (!passwordOk(body)) return error(res, 400, "400.002.02", "Bad Request - Invalid Password");
        const phone = String(body.PhoneNumber ?? "");
        const reference = String(body.AccountReference ?? "");
        if (!/^254(7|1)\d{8}$/.test(phone)) return error(res, 400, "400.002.02", "Bad Request - Invalid PhoneNumber");
        if (!/^[A-Za-z0-9 ]{1,12}$/.test(reference))
          return error(res, 400, "400.002.02", "Bad Request - Invalid AccountReference");
        const amount = Number(body.Amount);
        if (!Number.isInteger(amount) || amount < 1)
          return error(res, 400, "400.002.02", "Bad Request - Invalid Amount");
        const prompt: StandInPrompt = {
          checkoutRequestId: `ws_CO_${eatTime(new Date())}${randomBytes(6).toString("hex")}`,
          merchantRequestId: `${randomBytes(3).toString("hex")}-${Date.now()}`,
          phone,
          amount,
          accountReference: reference,
          businessName,
          callbackUrl: String(body.CallBackURL ?? ""),
          createdAt: Date.now(),
          result: null,
          receipt: null,
          callbacksSent: 0,
          ignored: false,
        };
        // CASE: a prompt already waits on this phone -> Daraja accepts the request, then fails it with 1001.
        const busy = [...prompts.values()].some((p) => p.phone === phone && p.result === null);
        prompts.set(prompt.checkoutRequestId, prompt);
        json(res, 200, {
          MerchantRequestID: prompt.merchantRequestId,
          CheckoutRequestID: prompt.checkoutRequestId,
          ResponseCode: "0",
          ResponseDescription: "Success. Request accepted for processing",
          CustomerMessage: "Success. Request accepted for processing",
        });
        if (busy) {
          prompt.result = BUSY;
          setTimeout(() => void sendCallback(prompt), 50);
        }
        return;
      }
      case "/mpesa/stkpushquery/v1/query": {
        if (!passwordOk(body)) return error(res, 400, "400.002.02", "Bad Request - Invalid Password");
        const prompt = prompts.get(String(body.CheckoutRequestID ?? ""));
        if (!prompt) return error(res, 500, "500.001.1001", "Unable to lock subscriber, no such request");
        if (!prompt.result) return error(res, 500, "500.001.1001", "The transaction is being processed");
        return json(res, 200, {
          ResponseCode: "0",
          ResponseDescription: "The service request has been accepted successsfully",
          MerchantRequestID: prompt.merchantRequestId,
          CheckoutRequestID: prompt.checkoutRequestId,
          ResultCode: String(prompt.result.code),
          ResultDesc: prompt.result.desc,
        });
      }
      case "/mpesa/c2b/v1/registerurl": {
        c2bUrls.confirmation = String(body.ConfirmationURL ?? "");
        c2bUrls.validation = String(body.ValidationURL ?? "");
        return json(res, 200, {
          OriginatorCoversationID: randomUUID(),
          ResponseCode: "0",
          ResponseDescription: "Success",
        });
      }
      case "/mpesa/transactionstatus/v1/query":
      case "/mpesa/reversal/v1/request": {
        if (!body.Initiator || !body.SecurityCredential)
          return error(res, 400, "400.002.02", "Bad Request - Invalid Initiator");
        const conversationId = `AG_${eatTime(new Date())}_${randomBytes(8).toString("hex")}`;
        const originator = randomUUID();
        json(res, 200, {
          OriginatorConversationID: originator,
          ConversationID: conversationId,
          ResponseCode: "0",
          ResponseDescription: "Accept the service request successfully.",
        });
        const reversal = url.pathname.includes("reversal");
        // CASE: a result that never comes (Daraja's result queue lost it): the request was still carried out.
        const lost = resultsToLose > 0;
        if (lost) resultsToLose--;
        setTimeout(() => void sendResult(body, reversal, conversationId, originator, lost), 50);
        return;
      }
      default:
        return error(res, 404, "404.001.01", "Resource not found");
    }
  }

  async function sendResult(
    body: Record<string, unknown>,
    reversal: boolean,
    conversationId: string,
    originator: string,
    lost = false,
  ) {
    const receipt = String(body.TransactionID ?? "");
    const tx = transactions.get(receipt);
    const base = { ResultType: 0, OriginatorConversationID: originator, ConversationID: conversationId };
    let Result: Record<string, unknown>;
    if (!tx) {
      Result = { ...base, ResultCode: 2001, ResultDesc: "The transaction ID is invalid", TransactionID: receipt };
    } else if (reversal) {
      const amount = Number(body.Amount);
      if (tx.reversed || amount !== tx.amount) {
        Result = { ...base, ResultCode: "R000001", ResultDesc: "The transaction has already been reversed." };
      } else {
        tx.reversed = true;
        Result = {
          ...base,
          ResultCode: 0,
          ResultDesc: "The service request is processed successfully.",
          TransactionID: `R${receipt.slice(1)}`,
          ResultParameters: {
            ResultParameter: [
              { Key: "Amount", Value: tx.amount },
              { Key: "OriginalTransactionID", Value: receipt },
            ],
          },
        };
      }
    } else {
      Result = {
        ...base,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        TransactionID: receipt,
        ResultParameters: {
          ResultParameter: [
            { Key: "ReceiptNo", Value: receipt },
            { Key: "Amount", Value: tx.amount },
            { Key: "TransactionStatus", Value: tx.reversed ? "Reversed" : "Completed" },
            { Key: "DebitPartyName", Value: `${tx.phone} - Amina W` },
            { Key: "CreditPartyName", Value: `${options.shortcode} - ${businessName}` },
            { Key: "FinalisedTime", Value: Number(eatTime(tx.at)) },
            { Key: "ReasonType", Value: tx.kind === "c2b" ? "Pay Bill Online" : "Pay Bill via STK" },
            { Key: "BillReferenceNumber", Value: tx.accountReference },
          ],
        },
      };
    }
    if (!lost) await post(String(body.ResultURL ?? ""), { Result });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) error(res, 500, "500.003.02", String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    get tokensIssued() {
      return tokensIssued;
    },
    /** The next `count` transaction-status or reversal results are never sent (the request itself is carried out). */
    loseResults(count = 1) {
      resultsToLose += count;
    },
    /** Every token issued so far stops working now (the shop's cached one with them). */
    expireTokens() {
      for (const key of tokens.keys()) tokens.set(key, 0);
    },
    /** Prompts, newest first; for one number (any accepted format of it) when given. */
    prompts(phone?: string): StandInPrompt[] {
      const all = [...prompts.values()].sort((a, b) => b.createdAt - a.createdAt);
      return phone ? all.filter((p) => p.phone === phone) : all;
    },
    prompt(checkoutRequestId: string): StandInPrompt | undefined {
      return prompts.get(checkoutRequestId);
    },
    /**
     * She answers a prompt. The callback goes once (the default), twice, or never (the shop must ask with the query;
     * deliverCallback sends it later, after the query). Ignore a prompt by not answering: the query says "still
     * processing" until it is answered.
     */
    async answer(checkoutRequestId: string, answer: PhoneAnswer, delivery: CallbackDelivery = "once") {
      const prompt = prompts.get(checkoutRequestId);
      if (!prompt) throw new Error(`no prompt ${checkoutRequestId}`);
      if (prompt.result) throw new Error(`prompt ${checkoutRequestId} was already answered`);
      prompt.result = RESULT_OF[answer];
      if (answer === "approve") {
        prompt.receipt = newReceipt();
        transactions.set(prompt.receipt, {
          receipt: prompt.receipt,
          amount: prompt.amount,
          phone: prompt.phone,
          accountReference: prompt.accountReference,
          kind: "stk",
          reversed: false,
          at: new Date(),
        });
      }
      const answers = [];
      if (delivery !== "never") answers.push(await sendCallback(prompt));
      if (delivery === "twice") answers.push(await sendCallback(prompt));
      return { receipt: prompt.receipt, callbacks: answers };
    },
    /** She ignores the prompt: no answer, no callback; the phone page stops showing it. */
    ignore(checkoutRequestId: string) {
      const prompt = prompts.get(checkoutRequestId);
      if (prompt) prompt.ignored = true;
    },
    /** A callback sent (again) now: late, after the shop has queried, or a replay. */
    deliverCallback(checkoutRequestId: string) {
      const prompt = prompts.get(checkoutRequestId);
      if (!prompt?.result) throw new Error(`prompt ${checkoutRequestId} has no answer to send`);
      return sendCallback(prompt);
    },
    /**
     * A payment by Paybill by hand (M-Pesa menu: Lipa na M-Pesa, Pay Bill): the validation URL is asked first when
     * registered (its refusal stops the payment), then the confirmation is sent. Returns the receipt, or null when
     * the business number is not this shortcode or validation refused it.
     */
    async payBill(input: { businessNumber: string; accountNumber: string; amount: number; phone: string }) {
      if (input.businessNumber !== options.shortcode) return { receipt: null, reason: "unknown business number" };
      const receipt = newReceipt();
      const now = new Date();
      const payload = {
        TransactionType: "Pay Bill",
        TransID: receipt,
        TransTime: eatTime(now),
        TransAmount: input.amount.toFixed(2),
        BusinessShortCode: options.shortcode,
        BillRefNumber: input.accountNumber,
        InvoiceNumber: "",
        OrgAccountBalance: "",
        ThirdPartyTransID: "",
        MSISDN: input.phone,
        FirstName: "Amina",
        MiddleName: "",
        LastName: "",
      };
      if (c2bUrls.validation) {
        const validation = await post(c2bUrls.validation, payload);
        const code = (validation.json as { ResultCode?: unknown } | null)?.ResultCode;
        if (validation.status === 200 && code !== undefined && String(code) !== "0") {
          return { receipt: null, reason: `refused by validation (${String(code)})` };
        }
      }
      transactions.set(receipt, {
        receipt,
        amount: input.amount,
        phone: input.phone,
        accountReference: input.accountNumber,
        kind: "c2b",
        reversed: false,
        at: now,
      });
      const confirmation = c2bUrls.confirmation
        ? await post(c2bUrls.confirmation, payload)
        : { status: 0, json: "no confirmation URL registered" };
      return { receipt, reason: null, confirmation };
    },
    transaction(receipt: string): StandInTransaction | undefined {
      return transactions.get(receipt);
    },
    c2bUrls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
