/** Handing a file to the browser: a fetched blob under its name, or the attachment URL to the download manager. */

/** The object URL lives this long after the click (spec §9). */
export const REVOKE_DELAY_MS = 100;

/** Saves a blob under a file name through a temporary `<a download>`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), REVOKE_DELAY_MS);
}

/** Hands the attachment URL to the browser's download manager (the page stays). */
export function startBrowserDownload(url: string, navigate: boolean): void {
  if (navigate) {
    window.location.href = url;
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
