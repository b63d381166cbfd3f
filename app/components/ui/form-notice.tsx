import { useEffect, useRef } from "react";

/**
 * The outcome of a form post: green status on success, red alert on failure. With `reveal`, it scrolls itself into
 * view when it appears or changes: on a phone the form may fill the screen, and the outcome must show where she is
 * looking.
 */
export function FormNotice({
  notice,
  className = "",
  reveal = false,
}: {
  notice: { ok: boolean; title: string; message: string };
  className?: string;
  reveal?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal) box.current?.scrollIntoView({ block: "nearest" });
  }, [reveal, notice]);
  return (
    <div
      ref={box}
      role={notice.ok ? "status" : "alert"}
      // Clear of the sticky header and the phone's tab bar when scrolled into view.
      className={`${className} scroll-mt-20 scroll-mb-20 rounded-md p-3 text-sm ${notice.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-700 text-white"}`}
    >
      <p className="font-semibold">{notice.title}</p>
      <p>{notice.message}</p>
    </div>
  );
}
