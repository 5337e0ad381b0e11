import { pageState } from './pageState';

/**
 * Once the browser says it is back online, `reload()` runs once. One watch per page, whatever the
 * number of buttons or copies of this remote; a new load of any kind ends it (`stopOnlineWatch`).
 */
export function watchOnline(reload: () => void): void {
  if (typeof window === 'undefined') return;
  const page = pageState();
  page.stopOnlineWatch?.();
  const onOnline = () => {
    stop();
    reload();
  };
  const stop = () => {
    window.removeEventListener('online', onOnline);
    if (page.stopOnlineWatch === stop) page.stopOnlineWatch = null;
  };
  window.addEventListener('online', onOnline);
  page.stopOnlineWatch = stop;
}

export function stopOnlineWatch(): void {
  pageState().stopOnlineWatch?.();
}
