/** One CSV cell (RFC 4180): quoted when it holds a quote, a comma or a line break, its quotes doubled. */
export function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
