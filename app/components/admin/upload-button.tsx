import { useId, useRef, useState } from "react";
import { sendUpload, type UploadedAsset, type UploadKind } from "./send-upload";

// One file to /admin/uploads with a progress bar (send-upload.ts).

export type { UploadedAsset };

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
  kind: UploadKind;
  label: string;
  accept: string;
  maxMb: number;
  onUploaded: (asset: UploadedAsset) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ name: "idle" });

  async function send(file: File) {
    const result = await sendUpload(file, { kind, maxMb, what: label.toLowerCase() }, (percent) =>
      setState({ name: "uploading", percent }),
    );
    if (result.ok) {
      onUploaded(result.asset);
      setState({ name: "done", ok: true, title: "Upload successful", message: result.message });
    } else setState({ name: "done", ok: false, title: result.title, message: result.message });
    if (input.current) input.current.value = "";
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
            if (file) void send(file);
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
