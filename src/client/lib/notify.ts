/**
 * Toasts (react-hot-toast) behind one small API, so download progress can update a toast in place by id.
 * The library is not on the page's critical path: it loads when the browser is idle after the page starts
 * (so it is there before anyone needs a toast, even if the connection drops later), or at the first toast.
 */
type ToastOptions = { id?: string };
type ToastModule = typeof import('react-hot-toast');

let loading: Promise<ToastModule> | undefined;

/** The toast library, loaded once. */
export function loadToasts(): Promise<ToastModule> {
  loading ??= import('react-hot-toast');
  return loading;
}

let counter = 0;

/** A fresh id for a toast that is updated in place (download progress). */
export function toastId(): string {
  counter += 1;
  return `gramsave-toast-${counter}`;
}

const show = (kind: 'success' | 'error' | 'loading') => (message: string, options?: ToastOptions) => {
  void loadToasts().then(({ default: toast }) => toast[kind](message, options));
};

export const notify = {
  success: show('success'),
  error: show('error'),
  loading: show('loading'),
  /** One toast by id, or every toast (a new error replaces a stale "ready"). */
  dismiss: (id?: string) => void loadToasts().then(({ default: toast }) => toast.dismiss(id)),
};
