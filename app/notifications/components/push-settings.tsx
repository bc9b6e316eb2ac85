import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { FormMessage } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";

export interface PushSettingsData {
  /** The VAPID public key, or null when push is off on this server. */
  publicKey: string | null;
  devices: { id: number; device: string; service: string; createdAt: string }[];
}

/** What this browser can do: found out after hydration, never on the server. */
type DeviceState =
  | { kind: "checking" }
  | { kind: "unsupported"; message: string }
  | { kind: "denied" }
  | { kind: "off" }
  | { kind: "on"; endpoint: string };

const IOS_HOME_SCREEN =
  "iPhone ve iPad'de bildirimler için önce Perde'yi ana ekrana ekleyin (Safari'nin “Paylaş” menüsündeki “Ana Ekrana Ekle” ile) ve siteyi ana ekrandaki simgeden açın.";
const UNSUPPORTED = "Bu tarayıcı anlık bildirimleri desteklemiyor.";

function isIosBrowserTab(): boolean {
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes("Macintosh") && navigator.maxTouchPoints > 1);
  const standalone =
    window.matchMedia("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}

function supportMessage(): string | null {
  if ("serviceWorker" in navigator && "PushManager" in window && "Notification" in window) {
    return null;
  }
  return isIosBrowserTab() ? IOS_HOME_SCREEN : UNSUPPORTED;
}

/** base64url to the bytes PushManager.subscribe wants as its applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

const registration = () => navigator.serviceWorker.register("/sw.js");

/** Whether this browser can take pushes, and whether it already does. */
async function deviceState(): Promise<DeviceState> {
  const unsupported = supportMessage();
  if (unsupported) return { kind: "unsupported", message: unsupported };
  if (Notification.permission === "denied") return { kind: "denied" };
  try {
    const subscription = await (await registration()).pushManager.getSubscription();
    return subscription ? { kind: "on", endpoint: subscription.endpoint } : { kind: "off" };
  } catch {
    return { kind: "unsupported", message: UNSUPPORTED };
  }
}

/**
 * /hesap's "Anlık bildirimler": turning push on or off on this device (JavaScript by nature:
 * the browser's PushManager makes the subscription) and the list of the person's devices, each
 * with a "Kapat" form that works without JavaScript.
 */
export function PushSettings({ data }: { data: PushSettingsData }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ error?: string }>();
  const [state, setState] = useState<DeviceState>({ kind: "checking" });
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void deviceState().then((found) => live && setState(found));
    return () => {
      live = false;
    };
  }, [data.devices.length]);

  const busy = fetcher.state !== "idle";
  const error = problem ?? fetcher.data?.error ?? null;

  async function turnOn() {
    setProblem(null);
    if (!data.publicKey) return;
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? { kind: "denied" } : { kind: "off" });
        return;
      }
      const found = await registration();
      await navigator.serviceWorker.ready;
      const subscription = await found.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(data.publicKey),
      });
      const json = subscription.toJSON();
      setState({ kind: "on", endpoint: subscription.endpoint });
      await fetcher.submit(
        {
          intent: "push-subscribe",
          endpoint: subscription.endpoint,
          p256dh: json.keys?.p256dh ?? "",
          auth: json.keys?.auth ?? "",
        },
        { method: "post", action: paths.account },
      );
    } catch {
      setProblem("Bildirimler açılamadı. Biraz sonra yeniden deneyin.");
    }
  }

  async function turnOff(endpoint: string) {
    setProblem(null);
    try {
      const subscription = await (await registration()).pushManager.getSubscription();
      await subscription?.unsubscribe();
    } catch {
      // the server's copy is deleted below either way
    }
    setState({ kind: "off" });
    await fetcher.submit(
      { intent: "push-unsubscribe", endpoint },
      { method: "post", action: paths.account },
    );
  }

  return (
    <section
      aria-labelledby="anlik-bildirimler"
      className="space-y-4 rounded-2xl border bg-card p-5 sm:p-6"
    >
      <div className="space-y-1">
        <h2 id="anlik-bildirimler" className="text-xl font-semibold">
          Anlık bildirimler
        </h2>
        <p className="text-sm text-muted-foreground">
          Yeni bölümler ve listenizdeki yapımlar için bu cihaza bildirim gönderelim.
        </p>
      </div>
      {!data.publicKey ? (
        <p className="text-sm text-muted-foreground">Anlık bildirimler bu sunucuda ayarlanmamış.</p>
      ) : !hydrated ? (
        <p className="text-sm text-muted-foreground">
          Bu cihazda bildirimleri açmak için tarayıcınızda JavaScript açık olmalı.
        </p>
      ) : state.kind === "unsupported" ? (
        <p className="text-sm text-muted-foreground">{state.message}</p>
      ) : state.kind === "denied" ? (
        <p className="text-sm text-muted-foreground">
          Bu tarayıcıda bildirimlere izin verilmemiş. İzni tarayıcınızın site ayarlarından
          açabilirsiniz.
        </p>
      ) : state.kind === "on" ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm">Bildirimler bu cihazda açık.</p>
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => void turnOff(state.endpoint)}
          >
            Bu cihazda kapat
          </Button>
        </div>
      ) : (
        <Button
          type="button"
          disabled={busy || state.kind === "checking"}
          onClick={() => void turnOn()}
        >
          Bildirimleri bu cihazda aç
        </Button>
      )}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {data.devices.length > 0 && (
        <ul className="divide-y rounded-lg border" aria-label="Bildirim açık cihazlar">
          {data.devices.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 p-3">
              <div>
                <p className="font-medium">{item.device}</p>
                <p className="text-sm text-muted-foreground">
                  {item.service} · Açıldı: {formatLongDate(item.createdAt.slice(0, 10))}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="subscriptionId" value={item.id} />
                <Button type="submit" name="intent" value="push-unsubscribe" variant="outline">
                  Kapat
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
