import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useLocalHref, useT } from "~/lib/i18n/use-t";

/**
 * Shown once a plan's payment is verified. Rendered open by the server (readable without JavaScript); once
 * hydrated it becomes a real modal (focus kept inside, Escape closes, page behind dimmed).
 */
export function SubscriptionStartedDialog({ message }: { message: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const t = useT();
  const localHref = useLocalHref();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !dialog.open || dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="subscription-started"
      className="fixed inset-0 z-40 m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-emerald-200 bg-white p-6 shadow-2xl backdrop:bg-black/40"
    >
      <h2 id="subscription-started" className="text-2xl font-bold text-gray-900">
        {t("status.subscriptionStarted")}
      </h2>
      <p className="mt-2 text-gray-800">{message}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link
          to={localHref("/articles")}
          className="min-h-11 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {t("status.readPremium")}
        </Link>
        <Link
          to={localHref("/ebooks")}
          className="min-h-11 rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-rose-50"
        >
          {t("status.chooseEbooks")}
        </Link>
      </div>
      <form method="dialog" className="mt-4 text-right">
        <button type="submit" className="min-h-11 px-3 text-sm font-medium text-gray-700 underline">
          {t("status.close")}
        </button>
      </form>
    </dialog>
  );
}
