// The React side of the kit: the slot that shows a paying form until the remote's button is there.
export { CheckoutSlot, type CheckoutSlotProps, type SlotButtonProps } from './react/CheckoutSlot.js';
export { PayForm, type CartLine, type PayFormProps } from './react/PayForm.js';
