import { act, render, screen } from '@testing-library/react';
import { CheckoutButton } from '../../src/exposes/CheckoutButton';
import type { CheckoutButtonProps } from '../../src/core/types';

// A key that is not a publishable key: the button shows its `invalid_key` alert at once, with no
// network, which makes every language's alert visible in one render.
const BAD_KEY = 'not-a-key';
const createSession = async () => ({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });

function renderButton(props: Partial<CheckoutButtonProps> = {}) {
  const view = render(<CheckoutButton publishableKey={BAD_KEY} createSession={createSession} {...props} />);
  return { ...view, root: () => view.container.firstElementChild as HTMLElement };
}

function browserLanguages(list: string[]) {
  return jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(list);
}

afterEach(() => jest.restoreAllMocks());

describe('CheckoutButton: its language', () => {
  it.each([
    ['en', 'en', 'Pay with card', 'Checkout is misconfigured. Please contact the site owner.'],
    ['fr-CA', 'fr', 'Payer par carte', 'Le paiement est mal configuré. Veuillez contacter le responsable du site.'],
    ['de', 'de', 'Mit Karte bezahlen', 'Die Zahlung ist falsch eingerichtet. Bitte informieren Sie den Websitebetreiber.'],
    ['es-MX', 'es', 'Pagar con tarjeta', 'El pago no está bien configurado. Avise al responsable del sitio.'],
    ['it', 'it', 'Paga con carta', 'Il pagamento non è configurato correttamente. Contatta il gestore del sito.'],
    ['nl-BE', 'nl', 'Betalen met kaart', 'De betaling is verkeerd ingesteld. Laat het de eigenaar van de website weten.'],
    ['pt-BR', 'pt', 'Pagar com cartão', 'O pagamento está configurado incorretamente. Avise o responsável pelo site.'],
    ['ja', 'ja', 'カードで支払う', '決済の設定に誤りがあります。サイトの運営者にお問い合わせください。'],
  ])('locale %s: lang="%s", label and alert in that language', (locale, lang, label, alert) => {
    const { root } = renderButton({ stripeOptions: { locale } });
    expect(root()).toHaveAttribute('lang', lang);
    expect(screen.getByRole('button', { name: label })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(alert);
  });

  it("speaks the browser's first language we have when the locale is 'auto' or absent", () => {
    browserLanguages(['sv-SE', 'de-AT', 'en']);
    const auto = renderButton({ stripeOptions: { locale: 'auto' } });
    expect(auto.root()).toHaveAttribute('lang', 'de');
    auto.unmount();
    const absent = renderButton();
    expect(absent.root()).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('button', { name: 'Mit Karte bezahlen' })).toBeInTheDocument();
  });

  it('speaks English for a locale it has no texts for, whatever the browser says', () => {
    browserLanguages(['fr-FR']);
    const { root } = renderButton({ stripeOptions: { locale: 'sv' } });
    expect(root()).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('alert')).toHaveTextContent('Checkout is misconfigured.');
  });

  it("follows the browser when the person changes its language ('languagechange')", () => {
    const languages = browserLanguages(['en-US']);
    const { root } = renderButton();
    expect(root()).toHaveAttribute('lang', 'en');
    languages.mockReturnValue(['ja-JP']);
    act(() => {
      window.dispatchEvent(new Event('languagechange'));
    });
    expect(root()).toHaveAttribute('lang', 'ja');
    expect(screen.getByRole('button', { name: 'カードで支払う' })).toBeInTheDocument();
  });

  it("lets the host's messages win over the built-in language, keeping the rest of it", () => {
    const { root } = renderButton({ stripeOptions: { locale: 'fr' }, messages: { invalid_key: 'Paiement indisponible pour le moment.' } });
    expect(root()).toHaveAttribute('lang', 'fr');
    expect(screen.getByRole('alert')).toHaveTextContent('Paiement indisponible pour le moment.');
    expect(screen.getByRole('button', { name: 'Payer par carte' })).toBeInTheDocument();
  });
});

describe('CheckoutButton: language after a server render', () => {
  it("renders English on the server, then hydrates into the browser's language without a mismatch", async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const element = <CheckoutButton publishableKey={BAD_KEY} createSession={createSession} />;
    const container = document.createElement('div');
    document.body.append(container);
    jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['nl-NL']);
    container.innerHTML = renderToString(element);
    expect(container.firstElementChild).toHaveAttribute('lang', 'en');
    const recoverable = jest.fn();
    const root = await act(async () => hydrateRoot(container, element, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.firstElementChild).toHaveAttribute('lang', 'nl');
    act(() => root.unmount());
    container.remove();
  });
});
