import { beforeAll, describe, expect, it } from "vitest";
import { signInCookie, getText } from "../setup/http-session";
import { freshAddress, newReader, postForm, raw } from "../setup/attacker";
import { MARKERS } from "../setup/markers";
import { probeIds } from "../setup/probe-ids";
import { baseUrl } from "../setup/pages";
import type { ProbeIds } from "../setup/route-probes";

// Threat: access without paying. A reader (or anyone) edits the return URL, replays or forges Pesapal's
// notification, or opens another reader's payment page, hoping the shop believes the URL instead of Pesapal.

const PASSWORD = "pay-pass-1";
let ids: ProbeIds;
let owner: string;
let stranger: string;
let premiumEbook: string;

beforeAll(async () => {
  ids = await probeIds();
  owner = await signInCookie(await newReader(PASSWORD), PASSWORD);
  stranger = await signInCookie(await newReader(PASSWORD), PASSWORD);
  const list = await getText("/ebooks?access=premium");
  premiumEbook = /href="\/ebook\/([0-9a-f-]{36})"/.exec(list.body)![1];
});

/** Starts a checkout as `cookie` and returns the stand-in's payment page URL and the order's tracking id. */
async function checkout(cookie: string, path = "/checkout/plan/basic") {
  const res = await postForm(path, { intent: "pay" }, { cookie, from: freshAddress() });
  expect(res.status, res.body.slice(0, 200)).toBe(303);
  const page = new URL(res.headers.get("location")!);
  return { page, trackingId: page.searchParams.get("OrderTrackingId")! };
}

/** Pays on the stand-in's hosted page as the buyer's browser would; returns the callback URL it sends her to. */
async function pay(page: URL, fields: Record<string, string>) {
  const pay = new URL(page);
  pay.pathname = pay.pathname.replace(/Index$/, "Pay");
  const res = await fetch(pay, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get("location")!);
  return back.pathname + back.search;
}

const readsPremium = async (cookie: string) =>
  (await getText(`/article/${ids.premium}`, cookie)).body.includes(MARKERS.premium);

describe("payments cannot be claimed without paying", () => {
  it("a return URL for an unpaid order grants nothing, however often it is opened or the IPN is sent", async () => {
    const { trackingId } = await checkout(owner);
    for (let i = 0; i < 3; i++) {
      const page = await getText(
        `/payment/return?OrderTrackingId=${trackingId}&OrderNotificationType=CALLBACKURL`,
        owner,
      );
      expect(page.body).toContain("Payment is being processed. Refresh this page in a moment.");
      // Pesapal still says "not paid yet": the notification is answered "not processed" (500) so Pesapal resends it.
      const ipn = await raw(`/api/payments/ipn?OrderTrackingId=${trackingId}&OrderNotificationType=IPNCHANGE`);
      expect(ipn.status).toBe(200);
      expect(JSON.parse(ipn.body)).toMatchObject({ orderTrackingId: trackingId, status: 500 });
      const posted = await raw("/api/payments/ipn", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://attacker.example" },
        body: JSON.stringify({ OrderTrackingId: trackingId, OrderNotificationType: "IPNCHANGE", status: "COMPLETED" }),
      });
      expect(posted.status).toBe(200);
    }
    expect(await readsPremium(owner)).toBe(false);
  });

  it("Pesapal's POST IPN is read in every shape it may take, and only up to 8 KB", async () => {
    const { trackingId } = await checkout(owner);
    const fields = { OrderTrackingId: trackingId, OrderNotificationType: "IPNCHANGE", OrderMerchantReference: "ref" };
    const json = JSON.stringify(fields);
    const bytes = new TextEncoder().encode(json);
    const chunks = (data: Uint8Array) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < data.length; i += 1024) controller.enqueue(data.slice(i, i + 1024));
          controller.close();
        },
      });
    const shapes: Record<string, RequestInit & { duplex?: "half" }> = {
      "text/plain JSON": { headers: { "Content-Type": "text/plain" }, body: json },
      "JSON without a type": { body: bytes },
      "a urlencoded form": {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      },
      "chunked JSON": { headers: { "Content-Type": "application/json" }, body: chunks(bytes), duplex: "half" },
    };
    for (const [shape, init] of Object.entries(shapes)) {
      const res = await fetch(`${baseUrl()}/api/payments/ipn`, { method: "POST", ...init } as RequestInit);
      expect(res.status, shape).toBe(200);
      // Pesapal's acknowledgement, naming what was read (its status says whether to resend: unpaid orders may ask).
      expect(await res.json(), shape).toMatchObject({
        orderNotificationType: "IPNCHANGE",
        orderTrackingId: trackingId,
        orderMerchantReference: "ref",
        status: expect.any(Number),
      });
    }
    const big = new TextEncoder().encode(JSON.stringify({ ...fields, padding: "p".repeat(9 * 1024) }));
    // Refused: a 413, or, when the shop answers and closes before the sender has written it all, the connection cut
    // under the sender (EPIPE, ECONNRESET). Either way nothing past 8 KB is read.
    const chunkedTooLarge = await fetch(`${baseUrl()}/api/payments/ipn`, {
      method: "POST",
      body: chunks(big),
      duplex: "half",
    } as RequestInit).then(
      (res) => res.status,
      (error: Error) => {
        const code = (error.cause as { code?: string } | undefined)?.code;
        if (code === "EPIPE" || code === "ECONNRESET") return "cut";
        throw error;
      },
    );
    expect([413, "cut"]).toContain(chunkedTooLarge);
    expect(await readsPremium(owner)).toBe(false);
  });

  it("another reader's order, an unknown id and a forged pair reveal nothing and change nothing", async () => {
    const { page, trackingId } = await checkout(owner, `/checkout/ebook/${premiumEbook}`);
    const back = await pay(page, { method: "card", outcome: "complete" });
    const reference = new URL(back, "http://x").searchParams.get("OrderMerchantReference")!;
    const theirs = await getText(back, stranger);
    expect(theirs.body).toContain("Unable to verify payment");
    expect(theirs.body).not.toContain(reference);
    const guest = await getText(back);
    expect(guest.body).toContain("Sign in to see your payment");
    // The sign-in link carries her own URL back; nothing about the order itself is shown.
    expect(guest.body).not.toContain("Payment details");
    expect(theirs.body).not.toContain("Payment details");
    for (const forged of [
      "/payment/return?OrderTrackingId=00000000-0000-0000-0000-000000000000",
      `/payment/return?OrderTrackingId=${trackingId}&OrderMerchantReference=NURU-NOT-THIS-ONE`,
      "/payment-success?orderTrackingId=%27%20or%201%3D1--",
    ]) {
      const res = await getText(forged, stranger);
      expect(res.status, forged).toBe(200);
      expect(res.body, forged).toContain("Unable to verify payment");
    }
    const missing = await getText("/payment/return", owner);
    expect(missing.body).toContain("Missing order tracking id");
    const missingOther = await getText("/payment-success", owner);
    expect(missingOther.body).toContain("No order tracking ID found in URL");
  });

  it("a subscription ebook is not for sale: its checkout is a 404", async () => {
    // The seeded locked ebook is subscription only (no price): nothing to buy, nothing to forge a price for.
    const res = await raw(`/checkout/ebook/${ids.lockedEbook}`, { cookie: owner });
    expect(res.status).toBe(404);
    const post = await postForm(`/checkout/ebook/${ids.lockedEbook}`, { intent: "pay" }, { cookie: owner });
    expect(post.status).toBe(404);
  });

  it("the owner's paid plan opens premium text; reversing the payment closes it on the next request", async () => {
    const buyer = await signInCookie(await newReader(PASSWORD), PASSWORD);
    const { page } = await checkout(buyer, "/checkout/plan/standard");
    const back = await pay(page, { method: "mpesa", phone: "0712345678", outcome: "complete" });
    const status = await getText(back, buyer);
    expect(status.body).toContain("Subscription Started");
    expect(await readsPremium(buyer)).toBe(true);
    const reversed = await fetch(new URL(page.pathname.replace(/Index$/, "Pay") + page.search, page), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "outcome=reverse",
    });
    expect(reversed.status).toBe(200);
    expect(await readsPremium(buyer)).toBe(false);
    expect((await getText(back, buyer)).body).toContain("Payment reversed");
  });

  it("checkout and payment pages are personal: private, no-store, and checkout needs a signed-in reader", async () => {
    const res = await raw("/checkout/plan/standard");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(
      /^\/signin\?redirectTo=%2Fcheckout%2Fplan%2Fstandard&reason=subscribe$/,
    );
    const post = await postForm("/checkout/plan/standard", { intent: "pay" }, { from: freshAddress() });
    expect(post.status).toBe(302);
    for (const path of ["/pricing", "/checkout/plan/standard", "/payment/return?OrderTrackingId=x"]) {
      expect((await raw(path, { cookie: owner })).headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("a checkout post from another site is refused", async () => {
    const res = await raw("/checkout/plan/standard", {
      method: "POST",
      cookie: owner,
      headers: { Origin: "https://attacker.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=pay",
    });
    expect(res.status).toBe(403);
  });
});
