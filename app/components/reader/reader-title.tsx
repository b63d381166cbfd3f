import { Link } from "react-router";
import { X } from "~/components/ui/icons";
import { useT } from "~/lib/i18n/use-t";

/** The start of a reader's top bar: the way out (back to the ebook's page) and the ebook's title, the dialog's name. */
export function ReaderTitle({ title, closeHref, control }: { title: string; closeHref: string; control: string }) {
  const t = useT();
  return (
    <>
      <Link to={closeHref} aria-label={t("readerPdf.closeReader")} className={control}>
        <X aria-hidden="true" className="h-5 w-5" />
      </Link>
      <h1 id="reader-title" className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base">
        {title}
      </h1>
    </>
  );
}
