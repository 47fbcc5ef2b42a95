// Full-page navigation in one object so tests can replace it (jsdom cannot navigate).
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  open(url: string): void {
    window.open(url, '_blank', 'noopener');
  },
};
