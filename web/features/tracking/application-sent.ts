// Whether this tracking page is the first view after Submit on this device (decision 091):
// the wizard marks the token in sessionStorage before it opens /track?token=…, and the page
// takes the mark once. sessionStorage belongs to the tab, so the e-mailed link opened later (or
// in another tab) never shows the confirmation, and a reload of the page does not repeat it.
const KEY = 'application-sent';

/** Called by the wizard just before it opens the tracking page of the submitted application. */
export function markApplicationSent(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // No storage (private mode, quota): the tracking page shows without the confirmation.
  }
}

/** True once for the token the wizard marked; the mark is gone afterwards. */
export function takeApplicationSent(token: string): boolean {
  try {
    if (sessionStorage.getItem(KEY) !== token) return false;
    sessionStorage.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}
