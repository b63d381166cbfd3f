// The real Pesapal client against the stand-in over HTTP, plus a tiny shop-side IPN receiver.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { checkBody } from "~/lib/request-guards";
import { ipnFieldsOf, readIpnRequest, type IpnFields } from "~/modules/payments/ipn.server";
import { IPN_POST_SHAPES } from "~/stand-ins/pesapal/stand-in-ipn.server";
import { appDatabase } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { configurePesapal, ensureIpnId, forgetIpnId, ipnUrl } from "~/modules/payments/payment-gateway.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { createPesapalClient, type PesapalClientOptions } from "~/modules/payments/pesapal/client.server";
import { PesapalError } from "~/modules/payments/pesapal/errors";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import type { OrderRequest } from "~/modules/payments/pesapal/types";

const KEY = "test-consumer-key";
const SECRET = "test-consumer-secret";
const STATUS_PATH = "/api/Transactions/GetTransactionStatus";
const SUBMIT_PATH = "/api/Transactions/SubmitOrderRequest";
const REFUND_PATH = "/api/Transactions/RefundRequest";

interface ReceivedIpn {
  method: string;
  query: Record<string, string>;
  body: unknown;
}

/** What the shop's IPN route will do: record the notification and acknowledge it the way Pesapal expects. */
async function startIpnReceiver() {
  const received: ReceivedIpn[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const text = Buffer.concat(chunks).toString("utf8");
      const ipn = {
        method: request.method ?? "",
        query: Object.fromEntries(url.searchParams),
        body: text ? JSON.parse(text) : undefined,
      };
      received.push(ipn);
      const fields = (ipn.body ?? ipn.query) as Record<string, string>;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(
        JSON.stringify({
          orderNotificationType: fields.OrderNotificationType,
          orderTrackingId: fields.OrderTrackingId,
          orderMerchantReference: fields.OrderMerchantReference,
          status: 200,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payment/ipn`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The shop's IPN path as the HTTP server runs it, without the database: the request guards (http-server.server.ts),
 * then the route's reading of the notification (ipn.server.ts), then Pesapal's acknowledgement.
 */
async function startShopIpnEndpoint() {
  const read: (IpnFields & { method: string; contentType: string })[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const refusal = checkBody(req.method ?? "GET", url.pathname, req.headers);
      if (refusal) {
        res.writeHead(refusal.status, { "Content-Type": "text/plain", Connection: "close" }).end(refusal.message);
        return;
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(url, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
      } as RequestInit);
      let fields: IpnFields;
      try {
        fields = ipnFieldsOf(await readIpnRequest(request));
      } catch (error) {
        const answer = error as Response;
        res.writeHead(answer.status, { Connection: "close" }).end(await answer.text());
        return;
      }
      read.push({ ...fields, method: req.method ?? "", contentType: req.headers["content-type"] ?? "" });
      res.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          orderNotificationType: fields.OrderNotificationType,
          orderTrackingId: fields.OrderTrackingId,
          orderMerchantReference: fields.OrderMerchantReference,
          status: 200,
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/ipn`;
  return {
    url,
    read,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let counter = 0;
function order(notificationId: string, overrides: Partial<OrderRequest> = {}): OrderRequest {
  counter += 1;
  return {
    merchantReference: `NURU-${Date.now()}-${counter}`,
    amountCents: 125050,
    currency: "KES",
    description: "Standard plan, 1 month",
    callbackUrl: "http://shop.test/payment/return?from=checkout",
    notificationId,
    billingAddress: { emailAddress: "reader@example.com", countryCode: "KE", firstName: "Wanjiru" },
    ...overrides,
  };
}

const tokenRequests = (standIn: PesapalStandIn) =>
  standIn.requests.filter((r) => r.path === "/api/Auth/RequestToken").length;

describe("Pesapal client against the stand-in", () => {
  let standIn: PesapalStandIn;
  let receiver: Awaited<ReturnType<typeof startIpnReceiver>>;
  let client: ReturnType<typeof createPesapalClient>;
  let getIpnId: string;
  const clientFor = (extra: Partial<PesapalClientOptions> = {}) =>
    createPesapalClient({ baseUrl: standIn.url, consumerKey: KEY, consumerSecret: SECRET, retryDelayMs: 10, ...extra });

  beforeAll(async () => {
    standIn = await startPesapalStandIn({ consumerKey: KEY, consumerSecret: SECRET });
    receiver = await startIpnReceiver();
    client = clientFor();
    getIpnId = (await client.registerIpn(receiver.url, "GET")).ipnId;
  });
  afterAll(async () => {
    await standIn.close();
    await receiver.close();
  });
  afterEach(() => standIn.setDelay(0));

  describe("token", () => {
    it("asks for one token and shares it between concurrent callers", async () => {
      const fresh = clientFor();
      const before = tokenRequests(standIn);
      const lists = await Promise.all([fresh.getIpnList(), fresh.getIpnList(), fresh.getIpnList()]);
      await fresh.getIpnList();
      expect(tokenRequests(standIn) - before).toBe(1);
      expect(lists[0].map((ipn) => ipn.ipnId)).toContain(getIpnId);
      expect(lists[0].find((ipn) => ipn.ipnId === getIpnId)?.notificationType).toBe("GET");
      // The stand-in's own request log never keeps the secret either.
      expect(JSON.stringify(standIn.requests)).not.toContain(SECRET);
    });

    it("refreshes the token shortly before its expiryDate", async () => {
      const shortLived = await startPesapalStandIn({ consumerKey: KEY, consumerSecret: SECRET, tokenTtlMs: 800 });
      try {
        const shortClient = createPesapalClient({ baseUrl: shortLived.url, consumerKey: KEY, consumerSecret: SECRET });
        await shortClient.getIpnList();
        await shortClient.getIpnList();
        expect(tokenRequests(shortLived)).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 900));
        await shortClient.getIpnList();
        expect(tokenRequests(shortLived)).toBe(2);
        // Every authorised call carried a live token: none was refused and retried.
        expect(shortLived.requests.filter((r) => r.path !== "/api/Auth/RequestToken").every((r) => r.bearer)).toBe(
          true,
        );
      } finally {
        await shortLived.close();
      }
    });

    it("replaces a token the gateway refuses, once", async () => {
      const fresh = clientFor();
      await fresh.getIpnList();
      const before = tokenRequests(standIn);
      standIn.revokeTokens();
      await expect(fresh.getIpnList()).resolves.toBeInstanceOf(Array);
      expect(tokenRequests(standIn) - before).toBe(1);
    });

    it.each([200, 401])("reports wrong credentials as PESAPAL_AUTH (HTTP %i)", async (errorHttpStatus) => {
      const strict = await startPesapalStandIn({ consumerKey: KEY, consumerSecret: SECRET, errorHttpStatus });
      try {
        const wrong = createPesapalClient({ baseUrl: strict.url, consumerKey: KEY, consumerSecret: "wrong" });
        const error = await wrong.getIpnList().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PesapalError);
        expect(error).toMatchObject({ code: "PESAPAL_AUTH", gatewayCode: "invalid_api_credentials_provided" });
        expect(String(error)).not.toContain("wrong");
      } finally {
        await strict.close();
      }
    });
  });

  describe("errors", () => {
    it.each([200, 500])("reads a failure from the body on HTTP %i", async (errorHttpStatus) => {
      const other = await startPesapalStandIn({ consumerKey: KEY, consumerSecret: SECRET, errorHttpStatus });
      try {
        const otherClient = createPesapalClient({ baseUrl: other.url, consumerKey: KEY, consumerSecret: SECRET });
        const error = await otherClient.submitOrder(order("not-a-registered-ipn")).catch((e: unknown) => e);
        expect(error).toMatchObject({
          code: "PESAPAL_REJECTED",
          httpStatus: errorHttpStatus,
          gatewayCode: "invalid_api_request_parameters",
          gatewayType: "invalid_request_error",
        });
        expect((error as Error).message).toContain("Invalid IPN URL ID provided");
        // A rejected submit is not retried: the body said no.
        expect(other.requests.filter((r) => r.path === SUBMIT_PATH)).toHaveLength(1);
      } finally {
        await other.close();
      }
    });

    it("times out with PESAPAL_TIMEOUT", async () => {
      // A second is ample for the warm-up (its token) on a loaded CI machine, and far below the delay below.
      const impatient = clientFor({ timeoutMs: 1_000, retries: 0 });
      await impatient.getIpnList();
      standIn.setDelay(4_000);
      await expect(impatient.getIpnList()).rejects.toMatchObject({ code: "PESAPAL_TIMEOUT" });
    });

    it("retries GetTransactionStatus after a 503", async () => {
      const submitted = await client.submitOrder(order(getIpnId));
      const before = standIn.requests.filter((r) => r.path === STATUS_PATH).length;
      standIn.failNext(STATUS_PATH, 1, 503);
      const status = await client.getTransactionStatus(submitted.orderTrackingId);
      expect(status.statusCode).toBe(0);
      expect(standIn.requests.filter((r) => r.path === STATUS_PATH).length - before).toBe(2);
    });

    it("gives up on GetTransactionStatus after its retries with PESAPAL_UNAVAILABLE", async () => {
      const submitted = await client.submitOrder(order(getIpnId));
      const before = standIn.requests.filter((r) => r.path === STATUS_PATH).length;
      standIn.failNext(STATUS_PATH, 3, 503);
      await expect(client.getTransactionStatus(submitted.orderTrackingId)).rejects.toMatchObject({
        code: "PESAPAL_UNAVAILABLE",
        httpStatus: 503,
      });
      expect(standIn.requests.filter((r) => r.path === STATUS_PATH).length - before).toBe(3);
    });

    it("asks for a status that hangs once more, after its own shorter timeout", async () => {
      const submitted = await client.submitOrder(order(getIpnId));
      // Every other call may take two minutes, longer than this test may run: only the status call's own 600 ms
      // timeout lets it end (long enough for the retry's answer on a loaded CI machine).
      const patient = clientFor({ timeoutMs: 120_000, statusTimeoutMs: 600 });
      const before = standIn.requests.filter((r) => r.path === STATUS_PATH).length;
      standIn.hangNext(STATUS_PATH);
      expect(await patient.getTransactionStatus(submitted.orderTrackingId)).toMatchObject({ statusCode: 0 });
      expect(standIn.requests.filter((r) => r.path === STATUS_PATH).length - before).toBe(2);
      // Hanging twice: one retry only, then the caller hears PESAPAL_TIMEOUT.
      standIn.hangNext(STATUS_PATH, 2);
      await expect(patient.getTransactionStatus(submitted.orderTrackingId)).rejects.toMatchObject({
        code: "PESAPAL_TIMEOUT",
      });
      expect(standIn.requests.filter((r) => r.path === STATUS_PATH).length - before).toBe(4);
    });

    it("never asks again after a SubmitOrderRequest or RefundRequest that hangs", async () => {
      // Its token must arrive within the timeout too, even on a loaded CI machine: a second is ample.
      const impatient = clientFor({ timeoutMs: 1_000 });
      const submits = standIn.requests.filter((r) => r.path === SUBMIT_PATH).length;
      standIn.hangNext(SUBMIT_PATH);
      await expect(impatient.submitOrder(order(getIpnId))).rejects.toMatchObject({ code: "PESAPAL_TIMEOUT" });
      expect(standIn.requests.filter((r) => r.path === SUBMIT_PATH).length - submits).toBe(1);
      const refunds = standIn.requests.filter((r) => r.path === REFUND_PATH).length;
      standIn.hangNext(REFUND_PATH);
      await expect(
        impatient.refund({ confirmationCode: "X1", amountCents: 100, username: "Admin", remarks: "test" }),
      ).rejects.toMatchObject({ code: "PESAPAL_TIMEOUT" });
      expect(standIn.requests.filter((r) => r.path === REFUND_PATH).length - refunds).toBe(1);
    });

    it("reads a status whose currency is spelt in lower case or with spaces", async () => {
      const submitted = await client.submitOrder(order(getIpnId, { amountCents: 1999, currency: "USD" }));
      standIn.setLowerCaseCurrency(true);
      try {
        expect(await client.getTransactionStatus(submitted.orderTrackingId)).toMatchObject({
          amountCents: 1999,
          currency: "USD",
        });
      } finally {
        standIn.setLowerCaseCurrency(false);
      }
      standIn.setAmountForNextStatus(1999, " usd ", submitted.orderTrackingId);
      expect(await client.getTransactionStatus(submitted.orderTrackingId)).toMatchObject({ currency: "USD" });
    });

    it("never sends SubmitOrderRequest twice on its own", async () => {
      const before = standIn.requests.filter((r) => r.path === SUBMIT_PATH).length;
      standIn.failNext(SUBMIT_PATH, 1, 503);
      await expect(client.submitOrder(order(getIpnId))).rejects.toMatchObject({ code: "PESAPAL_UNAVAILABLE" });
      expect(standIn.requests.filter((r) => r.path === SUBMIT_PATH).length - before).toBe(1);
    });

    it("rejects an unknown tracking id", async () => {
      await expect(client.getTransactionStatus("00000000-0000-0000-0000-000000000000")).rejects.toMatchObject({
        code: "PESAPAL_REJECTED",
      });
    });
  });

  describe("hosted page and payments", () => {
    async function pay(redirectUrl: string, form: Record<string, string>) {
      const page = await fetch(redirectUrl);
      const html = await page.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
      return fetch(new URL(action, redirectUrl), {
        method: "POST",
        body: new URLSearchParams(form),
        redirect: "manual",
      });
    }

    it("M-Pesa complete: callback redirect, IPN, then COMPLETED with the amount and currency submitted", async () => {
      const request = order(getIpnId, { amountCents: 125050 });
      const submitted = await client.submitOrder(request);
      expect(submitted.merchantReference).toBe(request.merchantReference);

      const page = await fetch(submitted.redirectUrl);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain('<label for="phone">');
      expect(html).toContain("Complete M-Pesa payment");

      const response = await pay(submitted.redirectUrl, {
        method: "mpesa",
        phone: "0712 345 678",
        outcome: "complete",
      });
      expect(response.status).toBe(303);
      const callback = new URL(response.headers.get("location")!);
      expect(callback.origin + callback.pathname).toBe("http://shop.test/payment/return");
      expect(Object.fromEntries(callback.searchParams)).toEqual({
        from: "checkout",
        OrderTrackingId: submitted.orderTrackingId,
        OrderMerchantReference: request.merchantReference,
        OrderNotificationType: "CALLBACKURL",
      });

      const ipn = receiver.received.filter((r) => r.query.OrderTrackingId === submitted.orderTrackingId);
      expect(ipn).toEqual([
        {
          method: "GET",
          query: {
            OrderTrackingId: submitted.orderTrackingId,
            OrderMerchantReference: request.merchantReference,
            OrderNotificationType: "IPNCHANGE",
          },
          body: undefined,
        },
      ]);
      expect(standIn.ipnDeliveries.at(-1)).toMatchObject({ acknowledged: true });

      const status = await client.getTransactionStatus(submitted.orderTrackingId);
      expect(status).toMatchObject({
        statusCode: 1,
        status: "COMPLETED",
        amountCents: 125050,
        currency: "KES",
        merchantReference: request.merchantReference,
        orderTrackingId: submitted.orderTrackingId,
        paymentMethod: "MpesaKE",
        paymentAccount: "2547xxx45678",
      });
      expect(status.confirmationCode).toMatch(/^[A-Z0-9]{10}$/);
      expect(status.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);

      // A paid order cannot be paid again.
      const again = await fetch(submitted.redirectUrl);
      expect(await again.text()).toContain("This order is completed");
    });

    it("M-Pesa fail gives FAILED", async () => {
      const submitted = await client.submitOrder(order(getIpnId));
      const response = await pay(submitted.redirectUrl, { method: "mpesa", phone: "254712345678", outcome: "fail" });
      expect(response.status).toBe(303);
      const status = await client.getTransactionStatus(submitted.orderTrackingId);
      expect(status).toMatchObject({
        statusCode: 2,
        status: "FAILED",
        paymentStatusCode: "request_terminated_by_user",
      });
    });

    it("M-Pesa left pending gives status_code 0 and no IPN", async () => {
      const submitted = await client.submitOrder(order(getIpnId));
      const response = await pay(submitted.redirectUrl, { method: "mpesa", phone: "0712345678", outcome: "pending" });
      expect(response.status).toBe(303);
      expect(new URL(response.headers.get("location")!).searchParams.get("OrderNotificationType")).toBe("CALLBACKURL");
      const status = await client.getTransactionStatus(submitted.orderTrackingId);
      expect(status).toMatchObject({ statusCode: 0, status: "INVALID", confirmationCode: "", paymentMethod: "" });
      expect(receiver.received.some((r) => r.query.OrderTrackingId === submitted.orderTrackingId)).toBe(false);
      // A pending payment settles later, by a test control, with its IPN.
      await standIn.complete(submitted.orderTrackingId, "mpesa");
      expect((await client.getTransactionStatus(submitted.orderTrackingId)).status).toBe("COMPLETED");
    });

    it("refuses an M-Pesa payment without a valid phone number", async () => {
      const submitted = await client.submitOrder(order(getIpnId));
      const response = await pay(submitted.redirectUrl, { method: "mpesa", phone: "12", outcome: "complete" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('role="alert"');
      expect((await client.getTransactionStatus(submitted.orderTrackingId)).statusCode).toBe(0);
    });

    it("reverse turns COMPLETED into REVERSED and notifies again; repeatIpn repeats", async () => {
      const submitted = await client.submitOrder(order(getIpnId));
      await standIn.complete(submitted.orderTrackingId, "mpesa");
      await standIn.reverse(submitted.orderTrackingId);
      await standIn.repeatIpn(submitted.orderTrackingId);
      const status = await client.getTransactionStatus(submitted.orderTrackingId);
      expect(status).toMatchObject({ statusCode: 3, status: "REVERSED" });
      expect(receiver.received.filter((r) => r.query.OrderTrackingId === submitted.orderTrackingId)).toHaveLength(3);
    });

    it("card path with a POST IPN carrying a JSON body", async () => {
      const postIpn = await client.registerIpn(receiver.url, "POST");
      const submitted = await client.submitOrder(order(postIpn.ipnId, { amountCents: 1999, currency: "USD" }));
      const response = await pay(submitted.redirectUrl, { method: "card", outcome: "complete" });
      expect(response.status).toBe(303);
      const ipn = receiver.received.at(-1)!;
      expect(ipn.method).toBe("POST");
      expect(ipn.body).toEqual({
        OrderTrackingId: submitted.orderTrackingId,
        OrderNotificationType: "IPNCHANGE",
        OrderMerchantReference: submitted.merchantReference,
      });
      const status = await client.getTransactionStatus(submitted.orderTrackingId);
      expect(status).toMatchObject({ status: "COMPLETED", amountCents: 1999, currency: "USD", paymentMethod: "Visa" });

      const failedCard = await client.submitOrder(order(postIpn.ipnId));
      await pay(failedCard.redirectUrl, { method: "card", outcome: "fail" });
      expect(await client.getTransactionStatus(failedCard.orderTrackingId)).toMatchObject({
        status: "FAILED",
        description: "Unable to Authorize Transaction.Kindly contact your bank for assistance",
      });
    });

    it("setAmountForNextStatus reports a different amount once", async () => {
      const submitted = await client.submitOrder(order(getIpnId, { amountCents: 50000 }));
      await standIn.complete(submitted.orderTrackingId, "card");
      standIn.setAmountForNextStatus(100, "USD");
      expect(await client.getTransactionStatus(submitted.orderTrackingId)).toMatchObject({
        amountCents: 100,
        currency: "USD",
      });
      expect(await client.getTransactionStatus(submitted.orderTrackingId)).toMatchObject({
        amountCents: 50000,
        currency: "KES",
      });
    });

    it("refunds a completed payment once and cancels only unpaid orders", async () => {
      const paid = await client.submitOrder(order(getIpnId, { amountCents: 20000 }));
      await standIn.complete(paid.orderTrackingId, "mpesa");
      const { confirmationCode } = await client.getTransactionStatus(paid.orderTrackingId);
      const refund = {
        confirmationCode,
        amountCents: 20000,
        username: "admin@nuru.test",
        remarks: "Duplicate payment",
      };
      await expect(client.refund({ ...refund, amountCents: 10000 })).rejects.toMatchObject({
        code: "PESAPAL_REJECTED",
      });
      await expect(client.refund(refund)).resolves.toEqual({ message: "Refund request successfully" });
      await expect(client.refund(refund)).rejects.toMatchObject({ code: "PESAPAL_REJECTED" });

      await expect(client.cancelOrder(paid.orderTrackingId)).rejects.toMatchObject({ code: "PESAPAL_REJECTED" });
      const unpaid = await client.submitOrder(order(getIpnId));
      await expect(client.cancelOrder(unpaid.orderTrackingId)).resolves.toEqual({
        message: "Order successfully cancelled.",
      });
      expect(await (await fetch(unpaid.redirectUrl)).text()).toContain("This order is cancelled");
    });
  });

  describe("the shop's IPN endpoint", () => {
    let shop: Awaited<ReturnType<typeof startShopIpnEndpoint>>;
    beforeAll(async () => {
      shop = await startShopIpnEndpoint();
    });
    afterAll(async () => {
      standIn.setIpnPostShape("json");
      await shop.close();
    });

    it.each(IPN_POST_SHAPES)("reads a POST IPN sent as %s and acknowledges it", async (shape) => {
      const postIpn = await client.registerIpn(shop.url, "POST");
      const submitted = await client.submitOrder(order(postIpn.ipnId));
      standIn.setIpnPostShape(shape);
      const [delivery] = await standIn.repeatIpn(submitted.orderTrackingId);
      expect(delivery).toMatchObject({ method: "POST", postShape: shape, httpStatus: 200, acknowledged: true });
      expect(shop.read.at(-1)).toMatchObject({
        method: "POST",
        OrderTrackingId: submitted.orderTrackingId,
        OrderMerchantReference: submitted.merchantReference,
        OrderNotificationType: "IPNCHANGE",
      });
    });

    it("reads a GET IPN from the query", async () => {
      const getIpn = await client.registerIpn(shop.url, "GET");
      const submitted = await client.submitOrder(order(getIpn.ipnId));
      const [delivery] = await standIn.repeatIpn(submitted.orderTrackingId);
      expect(delivery).toMatchObject({ method: "GET", acknowledged: true });
      expect(shop.read.at(-1)).toMatchObject({
        method: "GET",
        OrderTrackingId: submitted.orderTrackingId,
        OrderMerchantReference: submitted.merchantReference,
      });
    });

    it("refuses a body larger than a notification with 413, with or without a Content-Length", async () => {
      const big = JSON.stringify({ OrderTrackingId: "x", padding: "p".repeat(9 * 1024) });
      const sized = await fetch(shop.url, { method: "POST", headers: { "Content-Type": "text/plain" }, body: big });
      expect(sized.status).toBe(413);
      const bytes = new TextEncoder().encode(big);
      const chunked = await fetch(shop.url, {
        method: "POST",
        body: new ReadableStream({
          start(controller) {
            for (let i = 0; i < bytes.length; i += 1024) controller.enqueue(bytes.slice(i, i + 1024));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
      expect(chunked.status).toBe(413);
    });
  });

  describe("registering the shop's IPN URL", () => {
    let t: TestDatabase;
    let gateway: PesapalStandIn | undefined;
    const stored = async () => (await t.db.select().from(siteSettings)).find((row) => row.key === "pesapal_ipn")?.value;
    /** A Pesapal account whose IPN list already holds these registrations for the shop's URL. */
    async function accountListing(...types: string[]) {
      await gateway?.close();
      gateway = await startPesapalStandIn({ consumerKey: KEY, consumerSecret: SECRET });
      configurePesapal({ baseUrl: gateway.url, consumerKey: KEY, consumerSecret: SECRET });
      await forgetIpnId();
      const ids = types.map((type) => gateway!.listIpn(ipnUrl(), type));
      const registrations = () => gateway!.requests.filter((r) => r.path === "/api/URLSetup/RegisterIPN");
      return { ids, registrations };
    }
    beforeAll(async () => {
      process.env.PUBLIC_URL ??= "http://shop.test";
      getEnv();
      t = await createTestDatabase();
      appDatabase.handle = t;
      appDatabase.ready = true;
    });
    afterAll(async () => {
      configurePesapal(undefined);
      await gateway?.close();
      appDatabase.handle = undefined;
      appDatabase.ready = false;
      await t?.dispose();
    });

    it("never adopts a listed registration of a type the endpoint cannot read: registers its own GET", async () => {
      const { ids, registrations } = await accountListing("EMAIL");
      const ipnId = await ensureIpnId();
      expect(ipnId).not.toBe(ids[0]);
      expect(registrations()).toMatchObject([{ body: { url: ipnUrl(), ipn_notification_type: "GET" } }]);
      expect(await stored()).toMatchObject({ ipnId, url: ipnUrl(), notificationType: "GET" });
    });

    it.each([
      ["POST", "POST"],
      ["GET", "GET"],
    ])("adopts a listed %s registration for its URL and records its type", async (listedType, recorded) => {
      const { ids, registrations } = await accountListing("EMAIL", listedType);
      expect(await ensureIpnId()).toBe(ids[1]);
      expect(registrations()).toHaveLength(0);
      expect(await stored()).toMatchObject({ ipnId: ids[1], notificationType: recorded });
    });
  });

  it("the stand-in listens on 127.0.0.1 only and refuses unknown bearer tokens in the body", async () => {
    expect(new URL(standIn.url).hostname).toBe("127.0.0.1");
    const response = await fetch(`${standIn.url}/api/URLSetup/GetIpnList`, {
      headers: { Accept: "application/json", Authorization: "Bearer forged" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      error: {
        error_type: "authentication_error",
        code: "invalid_api_credentials_provided",
        message: "Invalid Access Token",
      },
      status: "500",
    });
  });

  it("the stand-in refuses to start in production", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await expect(startPesapalStandIn({ consumerKey: KEY, consumerSecret: SECRET })).rejects.toThrow(/production/);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
