// Steps the browser journeys share: signing in through the form and paying on the Pesapal stand-in's page.
import type { Page } from "playwright-core";
import { baseUrl, waitForHydration } from "./pages";

export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await waitForHydration(page);
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/home");
}

/** On the stand-in's hosted page: pay by M-Pesa or card with the given outcome, back to the shop's result page. */
export async function payOnPesapal(page: Page, button: string) {
  await page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
  if (button.includes("M-Pesa")) await page.getByLabel("M-Pesa phone number").fill("0712345678");
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL((url) => url.origin === baseUrl() && url.pathname === "/payment/return");
}
