// A static page's fallback forms: each gets its own formKey at its first submit and keeps it (a double
// click is one Checkout Session), a server-rendered key stays, and the listener can be taken off.
import { addFormKeys } from '@checkout/host-kit/element';

let stop: () => void = () => {};
let seenBySubmitHandlers: Array<string | null> = [];
// The page's own submit handler, after ours: it sees the key, and stops jsdom's (unimplemented) navigation.
const pageHandler = (event: Event) => {
  event.preventDefault();
  seenBySubmitHandlers.push(new FormData(event.target as HTMLFormElement).get('formKey') as string | null);
};

beforeEach(() => {
  seenBySubmitHandlers = [];
  document.addEventListener('submit', pageHandler);
});
afterEach(() => {
  stop();
  document.removeEventListener('submit', pageHandler);
  document.body.innerHTML = '';
});

function form(html = ''): HTMLFormElement {
  const element = document.createElement('form');
  element.innerHTML = `${html}<button type="submit">Pay</button>`;
  document.body.append(element);
  return element;
}
const keyOf = (element: HTMLFormElement) => (element.elements.namedItem('formKey') as HTMLInputElement | null)?.value;

it('adds 128 random bits as hex at the first submit, before the page reads the form, and keeps them for the next', () => {
  stop = addFormKeys();
  const pay = form();
  expect(keyOf(pay)).toBeUndefined();
  pay.requestSubmit();
  const key = keyOf(pay);
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  pay.requestSubmit();
  expect(keyOf(pay)).toBe(key);
  expect(pay.querySelectorAll('input[name="formKey"]')).toHaveLength(1);
  expect(seenBySubmitHandlers).toEqual([key, key]);
});

it('gives two forms two keys, and leaves a key the server rendered as it is', () => {
  stop = addFormKeys();
  const [first, second] = [form(), form()];
  const rendered = form('<input type="hidden" name="formKey" value="from-the-server" />');
  for (const each of [first, second, rendered]) each.requestSubmit();
  expect(keyOf(first)).not.toBe(keyOf(second));
  expect(keyOf(rendered)).toBe('from-the-server');
});

it('stops when told', () => {
  addFormKeys()();
  const pay = form();
  pay.requestSubmit();
  expect(keyOf(pay)).toBeUndefined();
});
