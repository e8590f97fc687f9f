/** Saves text the app fetched (with the operator's token, so not a plain link) as a file. */
export function downloadFile(content: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download by the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
