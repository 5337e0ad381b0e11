import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';

// waitFor's and findBy's default 1 s is a speed limit a busy runner breaks; a wait ends at its event,
// and its bound is only for failing.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no modal dialogs: enough of HTMLDialogElement for our component to run.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
