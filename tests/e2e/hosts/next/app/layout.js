// The checkout form's look (the button's box), from a stylesheet file: the CSP allows 'self'.
import '@checkout/host-kit/checkoutFallback.css';

export const metadata = { title: 'Next.js host' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
