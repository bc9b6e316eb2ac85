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

/** A row's button: one form posting the row's intent. */
function RowAction({
  listId,
  intent,
  fields,
  children,
}: {
  listId: number;
  intent: string;
  fields: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <SharingForm listId={listId} intent={intent} fields={fields}>
      {(busy) => (
        <Button type="submit" variant="outline" disabled={busy}>
          {children}
        </Button>
      )}
    </SharingForm>
  );
}

/** The pending invites, or the editors: two lines each and a button. */
function Rows({
  title,
  empty,
  rows,
}: {
  title: string;
  empty: string;
  rows: { key: string; first: string; second: string; action: ReactNode }[];
}) {
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {rows.map((row) => (
            <li
              key={row.key}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
            >
              <p className="text-sm">
                <span className="block font-medium">{row.first}</span>
                <span className="block text-muted-foreground">{row.second}</span>
              </p>
              {row.action}
            </li>
          ))}
        </ul>
      )}
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

      <Rows
        title="Bekleyen davetler"
        empty="Kullanılmayı bekleyen davet yok."
        rows={sharing.invites.map((invite) => ({
          key: String(invite.id),
          first: `Oluşturuldu: ${formatDateTime(invite.createdAt)}`,
          second: `Son geçerlilik: ${formatDateTime(invite.expiresAt)}`,
          action: (
            <RowAction listId={listId} intent="revoke" fields={{ inviteId: String(invite.id) }}>
              Geri al
            </RowAction>
          ),
        }))}
      />
      <Rows
        title="Düzenleyenler"
        empty="Bu listeyi henüz sizden başka düzenleyen yok."
        rows={sharing.editors.map((editor) => ({
          key: editor.userId,
          first: editor.name ?? "Adsız kullanıcı",
          second: `${formatDateTime(editor.since)} tarihinden beri`,
          action: (
            <RowAction listId={listId} intent="remove-editor" fields={{ editorId: editor.userId }}>
              <Trash2 className="size-4" aria-hidden />
              Çıkar
            </RowAction>
          ),
        }))}
      />
    </section>
  );
}
