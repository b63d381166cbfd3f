/** Headers for every response. Documents replace the CSP with a nonce-bearing one (entry.server). */
export function baseSecurityHeaders(isProduction: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(null, isProduction),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (isProduction) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

export function contentSecurityPolicy(nonce: string | null, isProduction: boolean, formTargets: string[] = []): string {
  const script = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'` : "'self'";
  const directives = [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    // Article HTML may show images hosted elsewhere (https only; the sanitiser drops other image sources).
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    // pdf.js parses ebooks in a worker served by the shop (strict-dynamic would otherwise refuse it).
    "worker-src 'self'",
    "media-src 'self' blob:",
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com",
    "object-src 'none'",
    "base-uri 'self'",
    // Sign-in with Google posts a form that redirects to the provider.
    `form-action 'self'${formTargets.map((t) => ` ${t}`).join("")}`,
    "frame-ancestors 'none'",
  ];
  if (isProduction) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
