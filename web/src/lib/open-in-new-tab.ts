/**
 * Opens in a new tab the address that `load` answers (a download link made on demand). The tab is opened at once,
 * while the click still counts as the user's, because popup blockers refuse a window opened after an await. A
 * failed load closes it again; the caller decides whether to tell the user.
 */
export async function openInNewTab(load: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await load();
    if (tab) {
      // The opened page gets no handle on ours (reverse tabnabbing).
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
