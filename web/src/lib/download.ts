// Files the app hands to the browser: exports of the Database tab, the extractor and the admin
// tools (CSV template and results, user list, memory export).

/** Saves text as a file through a temporary link (the browser's download). */
export function downloadFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // revoked later: some browsers read the URL after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
