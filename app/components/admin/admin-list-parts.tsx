import { Link } from "react-router";
import { ConfirmDeleteForm } from "./admin-form-parts";

// Pieces every admin list screen (articles, ebooks) shares.

/** The way back to the dashboard and the button that opens a new item's editor. */
export function AdminListHeader({ newTo, newLabel }: { newTo: string; newLabel: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Link to="/admin" className="text-sm font-medium text-brand-700 hover:underline">
        Back to Dashboard
      </Link>
      <Link
        to={newTo}
        className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      >
        {newLabel}
      </Link>
    </div>
  );
}

/** Edit and Delete for one item of a list; `what` names the item in the delete confirmation. */
export function EditDeleteActions({
  editTo,
  id,
  title,
  what,
  className,
}: {
  editTo: string;
  id: string;
  title: string;
  what: string;
  className: string;
}) {
  return (
    <div className={className}>
      <Link
        to={editTo}
        aria-label={`Edit ${title}`}
        className="inline-flex min-h-11 items-center rounded-full border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-rose-50"
      >
        Edit
      </Link>
      <ConfirmDeleteForm id={id} title={title} what={what} />
    </div>
  );
}
