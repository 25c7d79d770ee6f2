// Hands a CSV the worker built to the browser as a download (a Blob: the rows never touch a server).
export function downloadCsv(csv: string, name: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob over; revoke on the next turn so the download can start.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function csvFileName(now: Date): string {
  return `listings-${now.toISOString().slice(0, 10)}.csv`;
}
