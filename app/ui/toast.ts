/*
 * The one toast call of the app. sonner (and its toast area) loads when the first toast is
 * shown, not with every page: most visits never show one.
 */

type Kind = "success" | "error";
interface ToastOptions {
  id?: string | number;
}

let wanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => (markReady = resolve));

/** For the toast area: whether a toast has been asked for yet (useSyncExternalStore). */
export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => wanted,
  /** Called by the toast area once sonner is mounted and listening. */
  ready: () => markReady(),
};

function show(kind: Kind, message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([import("sonner"), ready]).then(([{ toast }]) => toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
};
