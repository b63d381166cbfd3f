/** Which SMS settings are set (never their values), as admin/orders/receipts shows them (issue 49). */
export interface SmsSettingsView {
  usernameSet: boolean;
  apiKeySet: boolean;
  senderIdSet: boolean;
  sandbox: boolean;
  mode: string;
  callbackUrl: string;
}

const yes = (set: boolean) => (set ? "set" : "not set");

export function SmsSettings({ sms, className }: { sms: SmsSettingsView; className: string }) {
  return (
    <section aria-labelledby="sms-settings" className={className}>
      <h2 id="sms-settings" className="text-lg font-semibold text-gray-900">
        Receipts by SMS
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        A buyer who pays by M-Pesa and gives a number for receipts gets one SMS: the M-Pesa code, what she bought in
        general words, until when, the receipt number and a short link. Nothing else is ever sent. Keys are set on the
        server (README, &quot;SMS receipts&quot;); their values are never shown.
      </p>
      <dl className="mt-4 grid grid-cols-[10rem_1fr] gap-x-3 gap-y-2 text-sm" data-testid="sms-settings">
        <dt className="font-semibold text-gray-800">Sending through</dt>
        <dd className="text-gray-900">
          {sms.mode === "off"
            ? "Nobody: SMS receipts are off"
            : sms.mode === "stand-in"
              ? "The local stand-in (development; see /dev/sms)"
              : sms.mode}
        </dd>
        <dt className="font-semibold text-gray-800">
          <code>AT_USERNAME</code>
        </dt>
        <dd className="text-gray-900">
          {yes(sms.usernameSet)}
          {sms.sandbox ? " (sandbox)" : ""}
        </dd>
        <dt className="font-semibold text-gray-800">
          <code>AT_API_KEY</code>
        </dt>
        <dd className="text-gray-900">{yes(sms.apiKeySet)}</dd>
        <dt className="font-semibold text-gray-800">
          <code>AT_SENDER_ID</code>
        </dt>
        <dd className="text-gray-900">{yes(sms.senderIdSet)}</dd>
        <dt className="font-semibold text-gray-800">Delivery reports URL</dt>
        <dd className="min-w-0 font-mono text-xs break-all text-gray-900">{sms.callbackUrl}</dd>
      </dl>
      <p className="mt-2 text-xs text-gray-700">
        Enter the delivery reports URL in Africa&apos;s Talking (SMS, Callback URLs, Delivery Reports). It holds a
        secret: share it with nobody else.
      </p>
    </section>
  );
}
