import { useEffect, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { formatDateTime } from "~/core/format";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { Copy, Link2, Trash2, Users } from "~/ui/icons";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import type { ListSharingData } from "../invites.server";
import type { SharingAnswer } from "../sharing.server";

/**
 * One form of the section: a plain POST to the sharing page without JavaScript, a fetcher with
 * a toast with it. `fetcherKey` lets the invite form's answer (the new link) be read outside it.
 */
function SharingForm({
  listId,
  intent,
  fields = {},
  fetcherKey,
  children,
}: {
  listId: number;
  intent: string;
  fields?: Record<string, string>;
  fetcherKey?: string;
  children: (busy: boolean) => ReactNode;
}) {
  const fetcher = useFetcher<SharingAnswer>({ key: fetcherKey });
  const hydrated = useHydrated();
  const location = useLocation();
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.ok) toast.success(answer.message, { id: `sharing-${answer.at}` });
    else toast.error(answer.message, { id: `sharing-${answer.at}` });
  }, [fetcher.data]);
  return (
    <fetcher.Form method="post" action={paths.listSharing(listId)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={location.pathname} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated && <input type="hidden" name="js" value="1" />}
      {children(fetcher.state !== "idle")}
    </fetcher.Form>
  );
}

function NewInvite({ url }: { url: string }) {
  const hydrated = useHydrated();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Bağlantı kopyalandı", { id: "invite-copied" });
    } catch {
      toast.error("Bağlantı kopyalanamadı; lütfen elle seçip kopyalayın", { id: "invite-copied" });
    }
  };
  return (
    <div className="space-y-2 rounded-lg bg-muted/50 p-3">
      <label htmlFor="davet-baglantisi" className="block text-sm font-medium">
        Davet bağlantısı
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="davet-baglantisi"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 w-full min-w-0 rounded-lg border bg-card px-3 font-mono text-sm"
        />
        {hydrated && (
          <Button type="button" variant="secondary" onClick={() => void copy()}>
            <Copy className="size-4" aria-hidden />
            Kopyala
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        Bu bağlantı tek bir kişi için, bir kez ve 7 gün boyunca geçerli. Güvenliğiniz için yalnızca
        şimdi gösteriyoruz; kaybederseniz yenisini oluşturun.
      </p>
    </div>
  );
}

/**
 * "Birlikte düzenle" on a list's edit page (its owner's): make a single-use invite link, see
 * and revoke the pending ones, see the editors and remove them. `created` is the answer of an
 * invite form posted without JavaScript (the page that shows the new link once).
 */
export function ListSharing({
  listId,
  sharing,
  created,
}: {
  listId: number;
  sharing: ListSharingData;
  created?: SharingAnswer | null;
}) {
  const inviteFetcher = useFetcher<SharingAnswer>({ key: `list-invite-${listId}` });
  const inviteUrl = inviteFetcher.data?.inviteUrl ?? created?.inviteUrl;
  return (
    <section aria-labelledby="birlikte-duzenle" className="space-y-5 rounded-lg border p-4 sm:p-6">
      <div className="space-y-2">
        <h2 id="birlikte-duzenle" className="flex items-center gap-2 text-xl font-bold">
          <Users className="size-5" aria-hidden />
          Birlikte düzenle
        </h2>
        <p className="text-sm text-muted-foreground">
          Bir davet bağlantısıyla başka birinin bu listeye yapım eklemesine, çıkarmasına ve
          sıralamasını değiştirmesine izin verin. Düzenleyenler listeyi silemez, adını ve
          görünürlüğünü değiştiremez; onları istediğiniz an çıkarabilirsiniz.
        </p>
      </div>

      {inviteUrl && <NewInvite url={inviteUrl} />}
      <SharingForm listId={listId} intent="invite" fetcherKey={`list-invite-${listId}`}>
        {(busy) => (
          <Button type="submit" variant={inviteUrl ? "outline" : "primary"} disabled={busy}>
            <Link2 className="size-4" aria-hidden />
            {inviteUrl ? "Bir davet bağlantısı daha oluştur" : "Davet bağlantısı oluştur"}
          </Button>
        )}
      </SharingForm>

      <div className="space-y-2">
        <h3 className="font-semibold">Bekleyen davetler</h3>
        {sharing.invites.length === 0 ? (
          <p className="text-sm text-muted-foreground">Kullanılmayı bekleyen davet yok.</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {sharing.invites.map((invite) => (
              <li
                key={invite.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              >
                <p className="text-sm">
                  <span className="block">Oluşturuldu: {formatDateTime(invite.createdAt)}</span>
                  <span className="block text-muted-foreground">
                    Son geçerlilik: {formatDateTime(invite.expiresAt)}
                  </span>
                </p>
                <SharingForm
                  listId={listId}
                  intent="revoke"
                  fields={{ inviteId: String(invite.id) }}
                >
                  {(busy) => (
                    <Button type="submit" variant="outline" disabled={busy}>
                      Geri al
                    </Button>
                  )}
                </SharingForm>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold">Düzenleyenler</h3>
        {sharing.editors.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Bu listeyi henüz sizden başka düzenleyen yok.
          </p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {sharing.editors.map((editor) => (
              <li
                key={editor.userId}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              >
                <p className="text-sm">
                  <span className="block font-medium">{editor.name ?? "Adsız kullanıcı"}</span>
                  <span className="block text-muted-foreground">
                    {formatDateTime(editor.since)} tarihinden beri
                  </span>
                </p>
                <SharingForm
                  listId={listId}
                  intent="remove-editor"
                  fields={{ editorId: editor.userId }}
                >
                  {(busy) => (
                    <Button type="submit" variant="outline" disabled={busy}>
                      <Trash2 className="size-4" aria-hidden />
                      Çıkar
                    </Button>
                  )}
                </SharingForm>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
