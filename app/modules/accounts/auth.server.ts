import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { emailOTP, genericOAuth } from "better-auth/plugins";
import { getDb, type Database } from "~/db/client.server";
import { accounts, sessions, users, verifications } from "~/db/schema";
import { getEnv, type Env } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { getMailer, type Mailer } from "~/lib/mail/mailer.server";
import { resetPasswordMail, signInCodeMail } from "./account-mails.server";
import { sendConfirmation } from "./email-confirmation.server";
import { isOAuthCallback, mailLanguageOf, oauthSignUpLanguage, signInLanguageCookie } from "./language.server";
import { clearSignInFailures } from "~/modules/security/rate-limit.server";
import { ensureProfile } from "./profile.server";

export const SESSION_DAYS = 30;

/** Sign-in codes by e-mail (ADR 040): six digits, for 10 minutes and 5 tries. */
export const SIGN_IN_CODE = { length: 6, minutes: 10, tries: 5 } as const;

export function googleConfigured(env: Env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

export function createAuth(db: Database, env: Env, mailer: Mailer) {
  return betterAuth({
    appName: "Nuru",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db as never, {
      provider: "pg",
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // A reset proves the inbox: the address counts as confirmed and the account's sign-in blocks are lifted
      // (the way back in when strangers have blocked the account by guessing).
      onPasswordReset: async ({ user }) => {
        await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
        await clearSignInFailures(db, [`signin:account:${user.email}`], [`signin:pair:${user.email}|`]);
        await ensureProfile(db, { id: user.id, email: user.email, fullName: user.name, emailVerified: true }, env);
      },
      // Our own page reads the token, so the link goes straight there.
      sendResetPassword: async ({ user, token }) => {
        const url = `${env.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
        const locale = await mailLanguageOf(db, { userId: user.id });
        await mailer.send(resetPasswordMail({ to: user.email, name: user.name, url, locale }));
      },
    },
    emailVerification: {
      // The shop sends the confirmation mail itself, within its mail limits (sign-in.server.ts).
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      // Our own single-use link, bound to the sign-up's password (email-confirmation.server.ts).
      sendVerificationEmail: async ({ user }) => {
        await sendConfirmation(db, env, mailer, user);
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Refreshed while used: the expiry moves forward at most once a day.
      updateAge: 24 * 60 * 60,
    },
    // An OAuth error before the state is known (bad callback) lands on our sign-in page, not better-auth's.
    onAPIError: { errorURL: "/signin?error=google" },
    // Limits are the shop's own (sign-in.server.ts); the HTTP endpoints are closed except the OAuth callback.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.isProduction,
      cookiePrefix: "nuru",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: env.isProduction },
      // A session and its user in one query (relations in db/schema/accounts.ts): every signed-in page asks.
      database: { generateId: () => randomUUID(), joins: true },
    },
    hooks: {
      // CASE: Google signed her in and her account keeps a language -> this browser remembers it too, as after a
      // password or code sign-in (ADR 048). The redirect is left as the start chose it, as theirs is.
      after: createAuthMiddleware(async (ctx) => {
        const session = ctx.context.newSession;
        if (!session || !isOAuthCallback(ctx.path) || !ctx.request) return;
        const language = await signInLanguageCookie(session.user.email, ctx.request);
        // The whole Set-Cookie of a password sign-in, added beside the session's cookies.
        if (language) ctx.responseHeaders.append("Set-Cookie", language);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user, context) => {
            // A new account made by Google's sign-in from a Swahili page keeps Swahili as her language.
            const language = oauthSignUpLanguage(context);
            if (language) await db.update(users).set({ language }).where(eq(users.id, user.id));
            await ensureProfile(
              db,
              { id: user.id, email: user.email, fullName: user.name, emailVerified: user.emailVerified },
              env,
            );
          },
        },
      },
      session: {
        create: {
          // Only confirmed addresses get a session (an OAuth provider that does not vouch for the address, too).
          before: async (session) => {
            const [user] = await db
              .select({ emailVerified: users.emailVerified })
              .from(users)
              .where(eq(users.id, session.userId));
            return user?.emailVerified ? undefined : false;
          },
          after: async (session) => {
            const [user] = await db.select().from(users).where(eq(users.id, session.userId));
            if (user) {
              const { id, email, name: fullName, emailVerified } = user;
              await ensureProfile(db, { id, email, fullName, emailVerified }, env);
            }
          },
        },
      },
    },
    plugins: [
      // Sign in with a code by e-mail (ADR 040), for in-app browsers with no password manager and no Google. Only
      // the shop's own form reaches it (sign-in-code.server.ts: its limits, the same answer for unknown addresses).
      emailOTP({
        otpLength: SIGN_IN_CODE.length,
        expiresIn: SIGN_IN_CODE.minutes * 60,
        allowedAttempts: SIGN_IN_CODE.tries,
        // A code signs in to an account that exists; it never creates one (sign-up asks for a name and a password).
        disableSignUp: true,
        // Encrypted with AUTH_SECRET: a copy of the database holds no live code (a hash of six digits is no secret).
        storeOTP: "encrypted",
        // A new code replaces the one before (each new code starts its 5 tries; the mail says to use the newest).
        resendStrategy: "rotate",
        sendVerificationOTP: async ({ email, otp, type }) => {
          // Only sign-in codes are asked for (the plugin's other flows have no door: api-auth.ts).
          if (type === "sign-in") {
            const locale = await mailLanguageOf(db, { email });
            await mailer.send(signInCodeMail({ to: email, code: otp, minutes: SIGN_IN_CODE.minutes, locale }));
          }
        },
      }),
      genericOAuth({
        config: googleConfigured(env)
          ? [
              {
                providerId: "google",
                clientId: env.GOOGLE_CLIENT_ID!,
                clientSecret: env.GOOGLE_CLIENT_SECRET!,
                authorizationUrl: env.GOOGLE_AUTH_URL,
                tokenUrl: env.GOOGLE_TOKEN_URL,
                userInfoUrl: env.GOOGLE_USERINFO_URL,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                // Google's OpenID user info identifies the person by `sub`.
                accountSubject: ({ profile }) => String(profile.sub ?? profile.id),
              },
            ]
          : [],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

export function getAuth(): Auth {
  return singleton("auth", () => createAuth(getDb(), getEnv(), getMailer()));
}
