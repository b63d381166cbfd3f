import { useLocation, useNavigate } from "react-router";

/** A list that failed to load: the spec's message and Try Again (reloads the list's data). */
export function ListLoadError({ title, message }: { title: string; message: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | Nuru`}</title>
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      <p className="mt-2 text-gray-700">{message}</p>
      <button
        type="button"
        onClick={() => navigate(location.pathname + location.search, { replace: true })}
        className="mt-6 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        Try Again
      </button>
    </div>
  );
}
