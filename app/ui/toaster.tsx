import { lazy, Suspense, useSyncExternalStore } from "react";
import { toasterWanted } from "./toast";

const SonnerToaster = lazy(() => import("./sonner-toaster"));

/**
 * The one toast area of the app; its theme follows the system setting, like the site. Mounted
 * (and downloaded) when the first toast is shown.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
