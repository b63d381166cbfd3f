import { Form, useNavigation } from "react-router";
import { SubmitButton } from "~/components/ui/submit-button";

/** Asks Pesapal now what `npm run reconcile` would ask when it disagrees (ADR 027): a button, nothing to fill in. */
export function CheckPaymentForm() {
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === "check-payment";
  return (
    <Form method="post" className="mt-4">
      <input type="hidden" name="intent" value="check-payment" />
      <SubmitButton
        busy={checking}
        busyLabel="Asking Pesapal..."
        label="Check payment with Pesapal"
        className="min-h-11"
      />
    </Form>
  );
}
