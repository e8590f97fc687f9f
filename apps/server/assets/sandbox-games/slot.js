// The demo slot's behaviour. Loaded as a file because the server's CSP allows no inline script; the page
// hands over the session and its translated messages in data attributes on #game.
(() => {
  // "Back to wallet" targets the wallet tab by name. From the game's own tab (opened by the wallet), open
  // that name (which brings the wallet tab forward and reloads its balances) and close this tab; inside the
  // wallet's frame or in the wallet's own tab the link alone does it.
  const back = document.querySelector('[data-testid="back-to-wallet"]');
  back?.addEventListener('click', (event) => {
    if (window.top !== window || window.name === back.target) return;
    event.preventDefault();
    if (window.open(back.href, back.target)) window.close();
  });

  const root = document.getElementById('game');
  if (!root?.dataset.session) return;

  const session = root.dataset.session;
  const balanceEl = document.getElementById('balance');
  const lastWinEl = document.getElementById('last-win');
  const resultEl = document.getElementById('result');
  const errorEl = document.getElementById('error');
  const reelsEl = document.getElementById('reels');
  const spinButton = document.getElementById('spin');
  const betButtons = Array.from(document.querySelectorAll('[data-bet]'));
  // Long enough to read as a spin, short enough that a test polling the balance never waits long.
  const MIN_SPIN_MS = 450;

  let bet = Number(betButtons[0]?.dataset.bet ?? 1);
  let busy = false;

  const format = (n) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function showBalance(amount) {
    balanceEl.textContent = format(amount);
    balanceEl.dataset.amount = amount.toFixed(2);
  }

  function showReels(symbols) {
    reelsEl.querySelectorAll('use').forEach((use, i) => {
      use.setAttribute('href', `#sym-${symbols[i]}`);
    });
  }

  function showError(code, status) {
    if (code === 'MONEY_NOT_ENOUGH') errorEl.textContent = root.dataset.msgMoneyNotEnough;
    else if (status === 401) errorEl.textContent = root.dataset.msgSession;
    else errorEl.textContent = root.dataset.msgError;
  }

  async function call(method, url, body) {
    const response = await fetch(url, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      cache: 'no-store',
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = new Error(data.message || 'ERROR');
      error.code = data.message;
      error.status = response.status;
      throw error;
    }
    return data;
  }

  async function refreshBalance() {
    if (busy) return;
    try {
      const data = await call('GET', `/sandbox/games/api/balance?session=${encodeURIComponent(session)}`);
      if (!busy) showBalance(data.balance);
    } catch (error) {
      if (error.status === 401) showError(error.code, error.status);
    }
  }

  for (const button of betButtons) {
    button.addEventListener('click', () => {
      bet = Number(button.dataset.bet);
      for (const other of betButtons) other.setAttribute('aria-pressed', String(other === button));
      errorEl.textContent = '';
    });
  }

  spinButton.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    spinButton.disabled = true;
    errorEl.textContent = '';
    root.classList.remove('won');
    reelsEl.classList.add('spinning');
    const started = Date.now();
    try {
      const result = await call('POST', '/sandbox/games/api/spin', { session, bet });
      await wait(Math.max(0, MIN_SPIN_MS - (Date.now() - started)));
      showReels(result.reels);
      showBalance(result.balance);
      lastWinEl.textContent = format(result.win);
      resultEl.textContent = result.win > 0 ? `${root.dataset.msgWin} ${format(result.win)}` : root.dataset.msgNoWin;
      root.classList.toggle('won', result.win > 0);
    } catch (error) {
      showError(error.code, error.status);
    } finally {
      reelsEl.classList.remove('spinning');
      spinButton.disabled = false;
      busy = false;
    }
  });

  // The player may move money in from the wallet in another tab and come back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refreshBalance();
  });
})();
