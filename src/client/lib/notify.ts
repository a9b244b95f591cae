/**
 * Toasts (react-hot-toast) behind one small API, so download progress can update a toast in place by id.
 * The library is not on the page's start-up path: it loads at the visitor's first sign of use (Toasts.tsx; a
 * toast can only follow an action, or a deep link's lookup), or at the first toast, whichever comes first.
 */
type ToastOptions = { id?: string };
type ToastModule = typeof import('react-hot-toast');

let loading: Promise<ToastModule> | undefined;
const onLoading = new Set<() => void>();

/** The toast library, loaded once (asked again after a failed load: the connection may be back). */
export function loadToasts(): Promise<ToastModule> {
  if (!loading) {
    loading = import('react-hot-toast').catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    for (const listener of onLoading) listener();
  }
  return loading;
}

/** Calls `listener` when the library starts loading, whoever asked for it (at once if it has); returns a cancel. */
export function whenToastsLoad(listener: () => void): () => void {
  if (loading) {
    listener();
    return () => undefined;
  }
  onLoading.add(listener);
  return () => onLoading.delete(listener);
}

let counter = 0;

/** A fresh id for a toast that is updated in place (download progress). */
export function toastId(): string {
  counter += 1;
  return `gramsave-toast-${counter}`;
}

const show = (kind: 'success' | 'error' | 'loading') => (message: string, options?: ToastOptions) => {
  // Offline before the library came, a toast is lost; the errors that matter are also shown under the box.
  void loadToasts().then(({ default: toast }) => toast[kind](message, options), () => undefined);
};

export const notify = {
  success: show('success'),
  error: show('error'),
  loading: show('loading'),
  /** One toast by id, or every toast (a new error replaces a stale "ready"). */
  dismiss: (id?: string) => void loadToasts().then(({ default: toast }) => toast.dismiss(id), () => undefined),
};
