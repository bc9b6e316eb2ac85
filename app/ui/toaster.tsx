import { Toaster as Sonner } from "sonner";

/** The one toast area of the app; its theme follows the system setting, like the site. */
export function Toaster() {
  return <Sonner theme="system" position="top-center" richColors closeButton />;
}
