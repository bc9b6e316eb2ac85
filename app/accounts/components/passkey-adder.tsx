import { useState, type FormEvent } from "react";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { firstError, passkeyNameSchema } from "../schemas";
import { addPasskey } from "./passkey-client";

/** Names and creates a passkey; WebAuthn needs JavaScript, so without it the page says so. */
export function PasskeyAdder() {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  if (!hydrated) {
    return (
      <p className="text-sm text-muted-foreground">
        Geçiş anahtarı eklemek için tarayıcınızda JavaScript açık olmalıdır.
      </p>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    const message = firstError(passkeyNameSchema, { name });
    if (message) return void toast.error(message);
    setBusy(true);
    try {
      // A full load shows the new list and the toast the server left.
      window.location.assign(await addPasskey(name.trim()));
    } catch (error) {
      toast.error((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1">
        <Field
          label="Geçiş anahtarının adı"
          name="name"
          placeholder="ör. Dizüstü bilgisayarım"
          maxLength={50}
          required
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Bekleniyor..." : "Geçiş Anahtarı Ekle"}
      </Button>
    </form>
  );
}
