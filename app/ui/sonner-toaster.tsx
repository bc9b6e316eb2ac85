import { useEffect } from "react";
import { Toaster as Sonner } from "sonner";
import { toasterWanted } from "./toast";

/** sonner's toast area; tells the toast call once it listens (its own effect runs first). */
export default function SonnerToaster() {
  useEffect(() => toasterWanted.ready(), []);
  return <Sonner theme="system" position="top-center" richColors closeButton />;
}
