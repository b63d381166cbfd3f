// A catalogue compiled by scripts/po-catalogues.mjs (Vite plugin): message ids to Lingui's compiled messages.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
