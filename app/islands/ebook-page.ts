// The ebook page's own script when it is an islands page (ADR 045), loaded beside reader-page.ts on that page only,
// so the other reader pages do not carry it: Copy link and the share sheet, and Download PDF answered in place
// ("Download Started", or why it was refused) instead of by a page load. Without it both still work: the share links
// are plain links, and the download form posts to the server, which answers with the file or a toast.
import { shareButtons } from "./share-buttons";
import { downloadForms } from "./download-forms";

shareButtons();
downloadForms();
