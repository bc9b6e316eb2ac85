import { KeyRound } from "~/ui/icons";
import { useState } from "react";
import { Button } from "~/ui/button";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { signInWithPasskey } from "./passkey-client";

/**
 * 'Geçiş Anahtarıyla Oturum Aç': shown once JavaScript runs (WebAuthn needs it). `query` carries
 * the page to go back to and what was asked there (`?donus=…&istek=…`) to the sign-in's POST.
 */
export function PasskeySignIn({ query = "" }: { query?: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  if (!hydrated) return null;
  const start = async () => {
    setBusy(true);
    try {
      window.location.assign(await signInWithPasskey(query));
    } catch (error) {
      toast.error((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={start}>
      <KeyRound className="size-4" aria-hidden />
      {busy ? "Bekleniyor..." : "Geçiş Anahtarıyla Oturum Aç"}
    </Button>
  );
}
