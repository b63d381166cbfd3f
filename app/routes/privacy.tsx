import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { metaT, pageMeta } from "~/modules/site/meta";
import { useLocale } from "~/lib/i18n/use-t";
import { PrivacySwahili } from "~/components/legal/privacy-sw";
import {
  ACCESS_LOG_RETENTION_DAYS,
  ANALYTICS_DAILY_RETENTION_DAYS,
  DEV_OUTBOX_RETENTION_DAYS,
  MAIL_DELIVERY_RETENTION_DAYS,
  PAYMENT_RECORD_RETENTION_YEARS,
  RATE_LIMIT_IDLE_HOURS,
} from "~/modules/privacy/retention-rules";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta({ title: t("privacy.title"), description: t("privacy.description"), path: "/privacy", matches });
};

const h2 = "mt-8 text-xl font-semibold text-brand-700";

/** How long each kind of record is kept: the same numbers the retention job uses (privacy/retention-rules.ts). */
const RETENTION: [string, string][] = [
  ["Your account, bookmarks, reading positions, reviews and comments", "Until you delete your account"],
  ["Sign-in sessions (IP address, browser)", "Until the session ends (at most 30 days), then deleted"],
  [
    "Access and download logs (which ebook you opened or downloaded, and when)",
    `${ACCESS_LOG_RETENTION_DAYS} days, then deleted`,
  ],
  [
    "Records of sign-in attempts and e-mails sent to an address (to stop password guessing and mail floods)",
    `${RATE_LIMIT_IDLE_HOURS} hours after the last attempt, then deleted`,
  ],
  [
    "Records of each article e-mail sent to you (sent, failed or refused by your mail server)",
    `${MAIL_DELIVERY_RETENTION_DAYS} days, then deleted`,
  ],
  [
    "Daily page counts, search words and visits per referring site (no person is kept with them)",
    `${ANALYTICS_DAILY_RETENTION_DAYS} days, then deleted (monthly page totals are kept)`,
  ],
  [
    "A coded fingerprint of your address with the free trial and once-per-reader codes it used (after you delete your account)",
    "As long as those offers exist, so they are not given to the same address twice",
  ],
  [
    "Orders, payments, refunds and card renewals (your receipts are made from these)",
    `${PAYMENT_RECORD_RETENTION_YEARS} years, as Kenyan tax law requires`,
  ],
];

export default function Privacy({ matches }: Route.ComponentProps) {
  const supportEmail = (matches[0].loaderData as { supportEmail: string }).supportEmail;
  // The Swahili text (issue 50): server only, as every Swahili page (components/islands.tsx).
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: hooks keep their order in each build
  if (import.meta.env.SSR && useLocale() === "sw") return <PrivacySwahili supportEmail={supportEmail} />;
  const contact = (
    <a className="text-brand-700 underline" href={`mailto:${supportEmail}`}>
      {supportEmail}
    </a>
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-gray-800">
      <h1 className="font-serif text-4xl font-bold text-gray-900">Privacy and your data</h1>
      <p className="mt-2 text-gray-700">
        Nuru keeps only what it needs to run your account, sell you plans and ebooks, and keep the shop safe. You have
        the rights of Kenya&apos;s Data Protection Act (2019): to know what we keep, to get a copy, to correct it and to
        have it erased.
      </p>

      <h2 className={h2}>What we keep, and why</h2>
      <ul className="mt-2 list-disc space-y-2 pl-6">
        <li>
          <strong>Your account:</strong> your name and e-mail address, and your password stored as a one-way hash (we
          cannot read it), or the fact that you sign in with Google. We need them to sign you in and to write to you
          about your account and your payments.
        </li>
        <li>
          <strong>Sign-in sessions:</strong> the IP address and browser of each signed-in device, to keep you signed in
          and to spot misuse.
        </li>
        <li>
          <strong>Orders and payments:</strong> what you bought, the price, the country used for pricing, and
          Pesapal&apos;s payment method and confirmation code. We need them to give you what you paid for, to issue your
          receipts and to keep the records the law requires. For a gift, the recipient&apos;s e-mail address (and phone
          number and message, if you gave them) is kept with the order. When you pay by M-Pesa on this site, the phone
          number the M-Pesa prompt went to, M-Pesa&apos;s confirmation code and, if you asked for one, the SMS receipt
          we sent (its number and text) are kept with the order; your M-Pesa number is remembered for next time only if
          you ticked &quot;remember it&quot;.
        </li>
        <li>
          <strong>Your reading:</strong> bookmarks, where you stopped in each ebook, your reviews and comments, and a
          log of the ebooks you open and download. They let the shop remember your place, enforce download limits, and
          show that a bought ebook was delivered. Ebook files you download carry your e-mail address and order
          reference.
        </li>
        <li>
          <strong>Safety records:</strong> counts of sign-in attempts and e-mails per address, to stop password guessing
          and floods of mail.
        </li>
        <li>
          <strong>Page counts, not who read them:</strong> how many times each article, ebook and category page was
          opened each day, the words of searches with how often they found nothing, and how many visits each day came
          from another site (its domain only, never the page) or a campaign link. Counted on our server without a cookie
          or script; no name, address or device is kept with them.
        </li>
      </ul>

      <h2 className={h2}>Your reading history is yours</h2>
      <p className="mt-2">
        We never use what you read for e-mails or offers. Nuru e-mails new articles only to readers who asked for them
        (and confirmed by a link), in the categories they chose: what you read plays no part. We record when you said
        yes and the words you agreed to; every e-mail has a one-click unsubscribe link and a link to change your
        choices, and unsubscribing takes effect at once. Our e-mails carry no tracking pixels. Should Nuru ever want to
        use your reading history for e-mail, it would ask you for that exact use first.
      </p>

      <h2 className={h2}>Who receives it</h2>
      <ul className="mt-2 list-disc space-y-2 pl-6">
        <li>
          <strong>Pesapal</strong>, our payment provider, receives your name, e-mail address and country with each
          payment, and handles your card or M-Pesa details itself (we never see them). Pesapal keeps its own payment
          records under its own privacy policy.
        </li>
        <li>
          <strong>Safaricom (M-Pesa)</strong>, when you pay by M-Pesa on this site: your phone number and the amount, to
          send the prompt to your phone.
        </li>
        <li>
          <strong>Our SMS provider</strong> (Africa&apos;s Talking), only if you ask for an SMS receipt: your phone
          number and the receipt&apos;s text, which says what kind of thing you bought and until when, never an article
          or ebook title.
        </li>
        <li>
          <strong>Our mail server</strong> receives your e-mail address and the text of each e-mail we send you
          (confirmations, password resets, receipts and plan reminders).
        </li>
        <li>
          <strong>Google</strong>, only if you choose to sign in with Google: it tells us your name and e-mail address.
        </li>
      </ul>
      <p className="mt-2">We do not sell your data or share it with advertisers.</p>

      <h2 className={h2}>How long we keep it</h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-rose-200">
              <th scope="col" className="py-2 pr-4 font-semibold">
                What
              </th>
              <th scope="col" className="py-2 font-semibold">
                How long
              </th>
            </tr>
          </thead>
          <tbody>
            {RETENTION.map(([what, how]) => (
              <tr key={what} className="border-b border-rose-100 align-top">
                <td className="py-2 pr-4">{what}</td>
                <td className="py-2">{how}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm text-gray-600">
        Test copies of e-mails on our development systems are deleted after {DEV_OUTBOX_RETENTION_DAYS} days.
      </p>

      <h2 className={h2}>Your rights, and how to use them</h2>
      <ul className="mt-2 list-disc space-y-2 pl-6">
        <li>
          <strong>To know and to get a copy:</strong> on your{" "}
          <Link className="text-brand-700 underline" to="/account">
            account page
          </Link>
          , &ldquo;Download my data&rdquo; gives you everything we hold about you as a JSON file.
        </li>
        <li>
          <strong>To correct it:</strong> change your name on your account page; to change your e-mail address, write to
          us.
        </li>
        <li>
          <strong>To erase it:</strong> &ldquo;Delete my account&rdquo; on your account page. It takes effect at once.
        </li>
        <li>
          <strong>To object or complain:</strong> write to us first; you may also complain to the Office of the Data
          Protection Commissioner (odpc.go.ke).
        </li>
      </ul>

      <h2 className={h2}>When you delete your account</h2>
      <p className="mt-2">
        At once, and in one step: you are signed out on every device and can no longer sign in; your name, e-mail
        address, password, bookmarks, reading positions, reviews, comments, access and download logs, and the ebook
        copies stamped with your address are deleted; your plans and ebooks end, and any card renewal is cancelled. Your
        e-mail address is free to sign up again.
      </p>
      <p className="mt-2">
        Kept: your orders, payments, refunds and card renewal records, for {PAYMENT_RECORD_RETENTION_YEARS} years from
        the payment, because Kenyan tax law requires businesses to keep them. They are kept without your name or e-mail
        address: they show &ldquo;Deleted reader&rdquo; instead. A gift you bought stays part of its order record, with
        the recipient&apos;s address, so she can still claim it. If you had no payments, nothing is kept. The
        admins&apos; log notes that an account was deleted, not whose.
      </p>
      <p className="mt-2">
        Also kept, if you used them: that your address had the free trial or used an offer code meant once per reader,
        so a new account with the same address does not get them again. We keep only a coded fingerprint of the address
        (made with a secret key, so it cannot be turned back into the address) and how many times each was used; no
        name, no address, nothing you read.
      </p>
      <p className="mt-2">
        An admin account can be deleted the same way, except the shop&apos;s last admin: another admin must be named
        first.
      </p>

      <h2 className={h2}>Contact for data requests</h2>
      <p className="mt-2">Write to {contact} from the address of your account. We reply within 7 days.</p>
    </article>
  );
}
