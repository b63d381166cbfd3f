/** The outcome of a form post: green status on success, red alert on failure. */
export function FormNotice({
  notice,
  className = "",
}: {
  notice: { ok: boolean; title: string; message: string };
  className?: string;
}) {
  return (
    <div
      role={notice.ok ? "status" : "alert"}
      className={`${className} rounded-md p-3 text-sm ${notice.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-700 text-white"}`}
    >
      <p className="font-semibold">{notice.title}</p>
      <p>{notice.message}</p>
    </div>
  );
}
