/** Where a page keeps the web host's token: its own origin's storage (scheme, host and port). */
const TOKEN_KEY = 'glassbox.webToken';

/**
 * The web host's token for this page. The host hands it over once in the address's fragment
 * (`#token=…`, never sent to a server); it is kept in this origin's localStorage, which no other
 * port's page or server can read (unlike a cookie), and dropped from the address bar. Later
 * tabs and reloads of the same origin read it from there. Null when the page has none.
 */
export function takeWebToken(): string | null {
  const fromHash = /(?:^#|&)token=([^&]+)/.exec(location.hash)?.[1];
  if (fromHash) {
    let token: string;
    try {
      token = decodeURIComponent(fromHash);
    } catch {
      token = '';
    }
    history.replaceState(history.state, '', location.pathname + location.search);
    if (token) {
      try {
        localStorage.setItem(TOKEN_KEY, token);
      } catch {
        // Storage refused (private mode): this tab still has the token in memory.
      }
      return token;
    }
  }
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
