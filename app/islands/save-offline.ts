// Saving an article or an ebook's text for offline reading on an islands page (ADR 045, ADR 033): a script of its own
// that the page's script imports when she taps Save for offline (save-offline-button.ts), so no page loads the offline
// library's code before that. A script built this way keeps no exports (and a dynamic import inside an islands script
// would become a chunk that only the server's build keeps), so it hands the function over on `window`.
import { saveForOffline } from "../lib/offline-library";

export type SaveForOffline = typeof saveForOffline;
(window as { nuruSaveForOffline?: SaveForOffline }).nuruSaveForOffline = saveForOffline;
