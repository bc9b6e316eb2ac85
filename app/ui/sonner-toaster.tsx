import { useEffect } from "react";
import { Toaster as Sonner } from "sonner";
import { toasterWanted } from "./toast";

/*
 * Toasts open below the sticky header (4rem high), never over it; their close button sits inside
 * the toast, at its right (app.css), not hanging off its corner.
 */
const BELOW_HEADER = { top: "4.75rem" };

/** sonner's toast area; tells the toast call once it listens (its own effect runs first). */
export default function SonnerToaster() {
  useEffect(() => toasterWanted.ready(), []);
  return (
    <Sonner
      theme="system"
      position="top-center"
      offset={BELOW_HEADER}
      mobileOffset={{ ...BELOW_HEADER, left: "1rem", right: "1rem" }}
      richColors
      closeButton
    />
  );
}
