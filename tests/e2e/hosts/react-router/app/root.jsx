import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
// The checkout form's look (the button's box): Vite serves it as a file, <Links /> names it.
import '@checkout/host-kit/checkoutFallback.css';

export function Layout({ children }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>React Router host</title>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
