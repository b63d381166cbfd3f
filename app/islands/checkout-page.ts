// A checkout's own script when it is an islands page (ADR 045): her order and the gift checkout, loaded beside
// reader-page.ts there only. Every control on them is a plain form or link (the offer code is a GET, Pay a POST
// answered by the payment's page, M-Pesa or card by the button she presses), so the script has little to do: the gift's
// details are checked before they go, with the schema's words (gift-checks.ts), and once a form goes its buttons are
// disabled (no second payment from a second tap) and Pay says where it is taking her.
import { GIFT_CHECKS } from "../modules/membership/gift-checks";
import { say } from "../lib/page-words";
import { busyButtons, checkForms } from "./form-checks";

// Each message in the page's language (a Swahili page carries its words, ADR 048).
checkForms({
  gift: (values) =>
    Object.fromEntries(
      Object.entries(GIFT_CHECKS.gift!(values)).map(([field, message]) => [field, message && say(message)]),
    ),
});
busyButtons();
