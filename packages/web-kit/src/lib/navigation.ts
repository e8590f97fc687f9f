/**
 * The HTTP client must redirect (to /login, /terminated) from outside React. The router registers its
 * navigate function here at start; before that, and in tests without a router, a full page load is used.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => {
  if (window.location.pathname !== path) window.location.assign(path);
};

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
