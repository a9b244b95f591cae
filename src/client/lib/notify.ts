/**
 * Toasts (react-hot-toast) behind one small API, so download progress can update a toast in place by id.
 * Loaded with the page on purpose: the network-error toast must work after the connection has dropped.
 */
import toast from 'react-hot-toast';

type ToastOptions = { id?: string };

let counter = 0;

/** A fresh id for a toast that is updated in place (download progress). */
export function toastId(): string {
  counter += 1;
  return `gramsave-toast-${counter}`;
}

export const notify = {
  success: (message: string, options?: ToastOptions) => void toast.success(message, options),
  error: (message: string, options?: ToastOptions) => void toast.error(message, options),
  loading: (message: string, options?: ToastOptions) => void toast.loading(message, options),
};
