import { Link } from "react-router";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>Page not found | Nuru</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-gray-900">Oops! Page not found.</h1>
      <p className="mt-2 text-gray-700">The page you are looking for has moved or never existed.</p>
      <Link to="/" className="mt-6 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        Return to Home
      </Link>
    </section>
  );
}
