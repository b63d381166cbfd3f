// Her M-Pesa number as typed (07..., 01..., +254..., 254..., with spaces or dashes) to the international digits
// Daraja wants (2547XXXXXXXX / 2541XXXXXXXX). Pure: the form, the server and the unit tests share it.

export const PHONE_MESSAGE = "Enter a Safaricom number like 0712 345 678, 0110 123 456 or +254 712 345 678.";

/** The number in international digits, or null when it is not a Kenyan mobile number M-Pesa can prompt. */
export function normalizeMpesaPhone(typed: string): string | null {
  const digits = typed.trim().replace(/[\s().-]/g, "");
  const match = /^(?:\+?254|0)?([71]\d{8})$/.exec(digits);
  return match ? `254${match[1]}` : null;
}

/** 254712345678 -> 0712 345 678, as she would write it. */
export function displayMpesaPhone(international: string): string {
  const local = `0${international.slice(3)}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

/** An M-Pesa confirmation code as pasted from the SMS (ten letters and digits), upper-cased; null otherwise. */
export function normalizeMpesaCode(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  const match = /^([A-Z0-9]{10})(\b|\s|$)/.exec(code);
  return match ? match[1]! : null;
}

/** What she reads for each M-Pesa Express result code, and what to do next. */
export interface PromptOutcome {
  title: string;
  message: string;
  /** Offer to send the prompt again. */
  retry: boolean;
}

export function promptOutcome(resultCode: number): PromptOutcome {
  switch (resultCode) {
    case 0:
      return { title: "Paid", message: "M-Pesa confirmed your payment.", retry: false };
    case 1:
      return {
        title: "Not enough money on M-Pesa",
        message:
          "M-Pesa says your balance is too low for this payment. Top up your M-Pesa or use Fuliza, then send the prompt again, or pay by card.",
        retry: true,
      };
    case 1032:
      return {
        title: "You cancelled on your phone",
        message: "Nothing was paid. Send the prompt again when you are ready, or pay by Paybill below.",
        retry: true,
      };
    case 1037:
      return {
        title: "Your phone did not answer",
        message:
          "The prompt did not reach your phone or it timed out. Check that your phone is on and has signal, then send the prompt again, or pay by Paybill below.",
        retry: true,
      };
    case 2001:
      return {
        title: "Wrong M-Pesa PIN",
        message: "M-Pesa did not accept the PIN. Nothing was paid. Send the prompt again and enter your M-Pesa PIN.",
        retry: true,
      };
    case 1001:
      return {
        title: "Another M-Pesa request is in progress",
        message:
          "Your phone is busy with another M-Pesa request. Finish or cancel it, wait a minute, then send the prompt again.",
        retry: true,
      };
    default:
      return {
        title: "M-Pesa did not take the payment",
        message: "Nothing was paid. Send the prompt again, pay by Paybill below, or pay by card.",
        retry: true,
      };
  }
}
