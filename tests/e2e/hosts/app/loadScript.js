// Adds a <script> and settles on its `load` or `error`, or rejects after TIMEOUT_MS: a browser
// waits minutes for a server that accepts the connection and never answers.
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
    document.head.appendChild(script);
  });
}
