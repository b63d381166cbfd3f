import { useId, useRef, useState } from "react";

// One file to /admin/uploads with a progress bar (XMLHttpRequest reports upload progress; fetch does not). Checks
// the size before sending, so a too-large file is refused at once; the server checks type and size again.

export interface UploadedAsset {
  id: string;
  key: string;
  url: string | null;
  size: number;
  contentType: string;
  pageCount: number | null;
}

type State =
  | { name: "idle" }
  | { name: "uploading"; percent: number }
  | { name: "done"; title: string; message: string; ok: boolean };

export function UploadButton({
  kind,
  label,
  accept,
  maxMb,
  onUploaded,
}: {
  kind: "image" | "video" | "cover" | "pdf";
  label: string;
  accept: string;
  maxMb: number;
  onUploaded: (asset: UploadedAsset) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ name: "idle" });

  function send(file: File) {
    if (file.size > maxMb * 1024 * 1024)
      return setState({
        name: "done",
        ok: false,
        title: "File too large",
        message: `File size must be less than ${maxMb}MB`,
      });
    const body = new FormData();
    body.set("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/admin/uploads?kind=${kind}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setState({ name: "uploading", percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.onload = () => {
      const answer = xhr.response as { ok?: boolean; title?: string; message?: string; asset?: UploadedAsset } | null;
      if (answer?.ok && answer.asset) {
        onUploaded(answer.asset);
        setState({ name: "done", ok: true, title: "Upload successful", message: answer.message ?? "" });
      } else {
        setState({
          name: "done",
          ok: false,
          title: answer?.title ?? "Upload failed",
          message: answer?.message ?? `Failed to upload ${label.toLowerCase()}: please try again.`,
        });
      }
      if (input.current) input.current.value = "";
    };
    xhr.onerror = () =>
      setState({
        name: "done",
        ok: false,
        title: "Upload failed",
        message: `Failed to upload ${label.toLowerCase()}: the connection was lost.`,
      });
    setState({ name: "uploading", percent: 0 });
    xhr.send(body);
  }

  return (
    <div className="mt-2">
      <label
        htmlFor={id}
        className="inline-flex min-h-11 cursor-pointer items-center rounded-full border border-gray-400 px-4 text-sm font-semibold text-gray-800 hover:bg-gray-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300"
      >
        {label}
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          className="sr-only"
          disabled={state.name === "uploading"}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) send(file);
          }}
        />
      </label>
      <div aria-live="polite" className="mt-2 text-sm">
        {state.name === "uploading" ? (
          <div className="flex items-center gap-2">
            <progress max={100} value={state.percent} className="h-2 w-40" aria-label={`${label}: uploading`} />
            <span>Uploading... {state.percent}%</span>
          </div>
        ) : null}
        {state.name === "done" ? (
          <p role={state.ok ? "status" : "alert"} className={state.ok ? "text-emerald-800" : "text-red-700"}>
            <strong>{state.title}</strong> {state.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
