// Adds a <script> and settles on its `load` or `error`, or rejects after TIMEOUT_MS: a browser
// waits minutes for a server that accepts the connection and never answers. The host kit's
// runAfterPageLoad asks for it at once as a preload, which never holds the page's `load` event, and
// runs it once that is in (or the page has loaded): a script tag inserted before `load` would hold
// it for as long as the remote does not answer.
import { runAfterPageLoad } from '@checkout/host-kit';

const TIMEOUT_MS = 5000;

export function loadScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => reject(new Error(`${url} did not answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    script.src = url;
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`${url} did not load`));
    };
    document.head.appendChild(runAfterPageLoad(script));
  });
}
