import { Link } from "react-router";
import { signInHref } from "~/lib/sign-in-href";

/** What a reader's own page shows a visitor who is not signed in: why, and the way back here after signing in. */
export function SignInRequired({ what, returnTo }: { what: string; returnTo: string }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Sign In Required</h1>
      <p className="mt-2 text-gray-700">{what}</p>
      <Link to={signInHref(returnTo)} className="btn mt-6 inline-block px-6 py-2.5 text-base">
        Sign In
      </Link>
    </div>
  );
}
