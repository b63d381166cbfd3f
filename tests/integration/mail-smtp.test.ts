import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { createSmtpMailer } from "~/lib/mail/mailer.server";
import { createOutboxMailer, latestOutboxMailTo, listOutbox } from "~/stand-ins/dev-outbox.server";
import { confirmEmailMail, resetPasswordMail } from "~/modules/accounts/account-mails.server";
import { receiptMail } from "~/modules/payments/payment-mails.server";
import { articleMail } from "~/modules/member-mail/member-templates.server";

interface Received {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

interface RunningSmtp {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

async function startSmtp(options: Partial<SMTPServerOptions> = {}): Promise<RunningSmtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === "string" ? session.user : undefined,
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface MimePart {
  headers: string;
  contentType: string;
  body: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Splits a (possibly nested) multipart message into its leaf parts, decoding each body. */
function leafParts(entity: string): MimePart[] {
  const split = entity.search(/\r?\n\r?\n/);
  const headers = split === -1 ? entity : entity.slice(0, split);
  const body = split === -1 ? "" : entity.slice(split).replace(/^\r?\n\r?\n/, "");
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  const contentType = /^content-type:\s*([^;\r\n]+)/im.exec(unfolded)?.[1]?.trim().toLowerCase() ?? "text/plain";
  if (contentType.startsWith("multipart/")) {
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
    if (!boundary) throw new Error("multipart without boundary");
    const sections = body.split(`--${boundary}`).slice(1);
    return sections.filter((s) => !s.startsWith("--")).flatMap((s) => leafParts(s.replace(/^\r?\n/, "")));
  }
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(unfolded)?.[1]?.toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return [{ headers: unfolded, contentType, body: decoded }];
}

const link = "http://localhost:3000/auth/confirm?token=abc123XYZ&next=%2Flibrary";

describe("smtp mailer", () => {
  let smtp: RunningSmtp | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it("delivers a confirmation mail with plain-text and HTML parts", async () => {
    smtp = await startSmtp();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: "Nuru <no-reply@nuru.test>" });
    await mailer.send(confirmEmailMail({ to: "wanjiku@example.com", name: "Wanjiku", url: link }));

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.from).toBe("no-reply@nuru.test");
    expect(mail.to).toEqual(["wanjiku@example.com"]);
    expect(mail.raw).toMatch(/^To: wanjiku@example\.com\r?$/m);
    expect(mail.raw).toMatch(/^Subject: Confirm your Nuru account\r?$/m);
    expect(mail.raw).toMatch(/^From: Nuru <no-reply@nuru\.test>\r?$/m);
    expect(mail.raw).toMatch(/content-type: multipart\/alternative/i);

    const parts = leafParts(mail.raw);
    const text = parts.find((p) => p.contentType === "text/plain");
    const html = parts.find((p) => p.contentType === "text/html");
    expect(text).toBeDefined();
    expect(html).toBeDefined();
    expect(text!.body).toContain("Nuru");
    expect(text!.body).toContain(link);
    expect(text!.body).toContain("Wanjiku");
    expect(html!.body).toContain("Nuru");
    expect(html!.body).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
  });

  it("sends member mail with its one-click unsubscribe headers; a 5xx refusal reaches the queue as a bounce code", async () => {
    smtp = await startSmtp({
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("gone@")) {
          const error = Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 });
          return callback(error);
        }
        callback();
      },
    });
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: "Nuru <no-reply@nuru.test>" });
    const mail = (to: string) =>
      articleMail({
        to,
        origin: "https://nuru.example",
        title: "Strong knees",
        articleUrl: "https://nuru.example/article/1",
        imageUrl: "/media/covers/knees.jpg",
        categories: ["Weight Loss"],
        blocks: null,
        preview: "Walk after breakfast.",
        preferencesUrl: "https://nuru.example/newsletter/preferences/abc.def",
        unsubscribeUrl: "https://nuru.example/newsletter/unsubscribe/abc.def",
        reason: "You follow Nuru's articles by e-mail.",
      });
    await mailer.send(mail("amina@example.com"));
    const raw = smtp.received[0]!.raw;
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/nuru\.example\/newsletter\/unsubscribe\/abc\.def>\r?$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const html = leafParts(raw).find((p) => p.contentType === "text/html")!.body;
    expect(html).toContain('src="https://nuru.example/media/covers/knees.jpg" alt="Strong knees"');
    const refused = await mailer.send(mail("gone@example.com")).then(
      () => null,
      (error: unknown) => error as { responseCode?: number },
    );
    expect(refused?.responseCode).toBe(550);
  });

  it("sends a receipt with its PDF attached", async () => {
    smtp = await startSmtp();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: "Nuru <no-reply@nuru.test>" });
    const pdf = new TextEncoder().encode("%PDF-1.7 receipt");
    await mailer.send({
      ...receiptMail({
        to: "achieng@example.com",
        name: "Achieng",
        item: "the Standard plan (2 months)",
        amount: "KSh 500.00",
        reference: "NURU-ABC",
        method: "M-Pesa",
        confirmationCode: "QX12",
        access: "Your plan runs until 23 January 2027.",
        url: "https://nuru.test/articles",
        receiptUrl: "https://nuru.test/receipts/1",
      }),
      attachments: [{ filename: "nuru-receipt-NURU-ABC.pdf", content: pdf, contentType: "application/pdf" }],
    });
    const [mail] = smtp.received;
    expect(mail.raw).toMatch(/content-type: multipart\/mixed/i);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=nuru-receipt-NURU-ABC\.pdf/i);
    expect(mail.raw).toContain(Buffer.from(pdf).toString("base64"));
    const text = leafParts(mail.raw).find((p) => p.contentType === "text/plain");
    expect(text?.body).toContain("https://nuru.test/receipts/1");
    expect(text?.body).toContain("NURU-ABC");
  });

  it("authenticates with the credentials in the URL", async () => {
    const logins: Array<{ username?: string | null; password?: string | null }> = [];
    smtp = await startSmtp({
      authOptional: false,
      allowInsecureAuth: true,
      authMethods: ["PLAIN", "LOGIN"],
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username, password: auth.password });
        if (auth.username === "mailer" && auth.password === "s3cret:pass") return callback(null, { user: "mailer" });
        return callback(new Error("Invalid username or password"));
      },
    });
    const mailer = createSmtpMailer({
      url: `smtp://mailer:${encodeURIComponent("s3cret:pass")}@127.0.0.1:${smtp.port}`,
      from: "Nuru <no-reply@nuru.test>",
    });
    await mailer.send(resetPasswordMail({ to: "otieno@example.com", name: "Otieno", url: link }));

    expect(logins).toEqual([{ username: "mailer", password: "s3cret:pass" }]);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].user).toBe("mailer");
    expect(smtp.received[0].raw).toMatch(/^Subject: Reset your Nuru password\r?$/m);
  });

  it("rejects wrong credentials and non-SMTP URLs", async () => {
    smtp = await startSmtp({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(_auth, _session, callback) {
        callback(new Error("Invalid username or password"));
      },
    });
    const mailer = createSmtpMailer({ url: `smtp://mailer:wrong@127.0.0.1:${smtp.port}`, from: "no-reply@nuru.test" });
    await expect(mailer.send(confirmEmailMail({ to: "a@example.com", name: "A", url: link }))).rejects.toThrow();
    expect(smtp.received).toHaveLength(0);
    expect(() => createSmtpMailer({ url: "http://127.0.0.1:25", from: "no-reply@nuru.test" })).toThrow(/smtp/);
  });
});

describe("outbox mailer", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("stores every mail and lists the newest first", async () => {
    const mailer = createOutboxMailer(t.db);
    await mailer.send(confirmEmailMail({ to: "amina@example.com", name: "Amina", url: `${link}&n=1` }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send(resetPasswordMail({ to: "baraka@example.com", name: "Baraka", url: `${link}&n=2` }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send(resetPasswordMail({ to: "amina@example.com", name: "Amina", url: `${link}&n=3` }));

    const all = await listOutbox(t.db);
    expect(all.map((m) => [m.to, m.subject])).toEqual([
      ["amina@example.com", "Reset your Nuru password"],
      ["baraka@example.com", "Reset your Nuru password"],
      ["amina@example.com", "Confirm your Nuru account"],
    ]);
    expect(all[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(all[0].createdAt).toBeInstanceOf(Date);
    expect(all[2].text).toContain(`${link}&n=1`);
    expect(all[2].html).toContain("Amina");
    expect(await listOutbox(t.db, 1)).toHaveLength(1);

    const latest = await latestOutboxMailTo(t.db, "Amina@Example.com");
    expect(latest?.subject).toBe("Reset your Nuru password");
    expect(latest?.text).toContain(`${link}&n=3`);
    expect(await latestOutboxMailTo(t.db, "nobody@example.com")).toBeNull();
  });

  it("refuses to run in production", () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect(() => createOutboxMailer(t.db)).toThrow(/production/);
    } finally {
      if (previous === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = previous;
    }
    expect(() => createOutboxMailer(t.db)).not.toThrow();
  });
});
