/**
 * What a lookup needs beyond the form itself: the API client, the error catalogue, the ready message, the debug
 * log, batches, the reading of a pasted list, and recent lookups. None of it is needed to show a page, so the downloader loads this module
 * when the browser is idle after the page starts, or at the first lookup, whichever comes first.
 */
export { resolveLink } from './api-client.ts';
export { debugLine, describeFailure, describeResolution } from './debug-log.ts';
export { sharedLinkFrom } from './deep-link.ts';
export { listedLinks, pastedList } from './link-box.ts';
export { addRecent } from './recent-lookups.ts';
export { runLookup } from './run-lookup.ts';
