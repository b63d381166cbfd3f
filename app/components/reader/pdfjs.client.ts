// pdf.js, only in the browser (a .client module is empty on the server). The worker starts as soon as the reader's
// code loads, so it downloads and starts up while the page hydrates instead of after.
import * as pdfjs from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

pdfjs.GlobalWorkerOptions.workerPort ??= new Worker(workerUrl, { type: "module" });

export { pdfjs };
