import { OrderSection, When } from "./order-section";

/** One SMS as the order page shows it (routes/admin/order.tsx maps the module's rows). */
export interface OrderSmsView {
  id: string;
  to: string;
  body: string;
  state: string;
  delivery: string;
  attempts: number;
  providerMessageId: string | null;
  cost: string | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
}

/** The receipt SMS of the order (issue 49): to whom, what it said, what the provider and the phone network said. */
export function OrderSms({ sms }: { sms: OrderSmsView[] }) {
  return (
    <OrderSection id="order-sms" title="SMS receipt">
      {sms.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">None: she asked for no SMS receipt, or it was not paid by M-Pesa.</p>
      ) : (
        <ul className="mt-3 space-y-3 text-sm">
          {sms.map((m) => (
            <li key={m.id} data-testid="order-sms">
              <p className="text-gray-900">
                To <span className="font-semibold">+{m.to}</span>:{" "}
                <span className="font-semibold" data-testid="order-sms-state">
                  {m.state}
                </span>
              </p>
              <p className="text-gray-900" data-testid="order-sms-delivery">
                Delivery: {m.delivery}
              </p>
              <p className="mt-1 rounded-lg bg-gray-50 p-2 font-mono text-xs break-all text-gray-800">{m.body}</p>
              <p className="mt-1 text-xs text-gray-700">
                Queued <When iso={m.createdAt} /> · sent <When iso={m.sentAt} /> · delivery report{" "}
                <When iso={m.deliveredAt} /> · attempts {m.attempts}
                {m.cost ? ` · cost ${m.cost}` : ""}
              </p>
              {m.providerMessageId ? (
                <p className="text-xs break-all text-gray-700">Provider id {m.providerMessageId}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </OrderSection>
  );
}
