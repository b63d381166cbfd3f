import { createContext, useContext } from "react";

// The CSP nonce of the current document. Empty in the browser: nonces are only needed while streaming HTML.
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
