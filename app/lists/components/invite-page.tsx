import { useLocation } from "react-router";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { FormMessage } from "~/ui/field";
import { Users } from "~/ui/icons";
import { INVALID_INVITE } from "../sharing-text";

interface InvitePageData {
  signedIn: boolean;
  invite: { listName: string; ownerName: string; own: boolean } | null;
}

const linkClass = "font-medium text-primary hover:underline";

/**
 * /liste-davet/{token}: the invite, for the person to accept with one button (a link preview or
 * a prefetch that opens the address uses nothing up). Anonymous visitors are asked to sign in
 * and open the link again; a link that does not work says so, whoever opens it.
 */
export function InvitePage({ page, refused }: { page: InvitePageData; refused?: string }) {
  const location = useLocation();
  const invite = refused ? null : page.invite;
  return (
    <div className="mx-auto max-w-xl space-y-5 px-4 py-12">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <Users className="size-6" aria-hidden />
        Liste daveti
      </h1>
      {!invite ? (
        <>
          <FormMessage tone="error">{refused ?? INVALID_INVITE}</FormMessage>
          <p className="text-sm text-muted-foreground">
            Davet bağlantıları tek kullanımlıktır ve 7 gün geçerlidir. Listenin sahibinden yeni bir
            bağlantı isteyebilirsiniz.
          </p>
          <a href={paths.home} className={linkClass}>
            Ana sayfaya dön
          </a>
        </>
      ) : !page.signedIn ? (
        <>
          <p>Bir listeyi birlikte düzenlemeye davet edildiniz.</p>
          <p className="text-sm text-muted-foreground">
            Daveti kabul etmek için önce giriş yapın ya da bir hesap oluşturun, ardından bu
            bağlantıyı yeniden açın.
          </p>
          <div className="flex flex-wrap gap-4">
            <a href={paths.auth} className={linkClass}>
              Giriş yap
            </a>
            <a href={paths.authSignUp} className={linkClass}>
              Hesap oluştur
            </a>
            <a href={location.pathname} className={linkClass}>
              Giriş yaptım, daveti aç
            </a>
          </div>
        </>
      ) : invite.own ? (
        <p>
          “{invite.listName}” sizin listeniz. Bu bağlantıyı listeyi birlikte düzenlemek istediğiniz
          kişiye gönderin.
        </p>
      ) : (
        <form method="post" className="space-y-4">
          <p>
            <strong>{invite.ownerName}</strong> sizi “{invite.listName}” listesini birlikte
            düzenlemeye davet etti. Kabul ederseniz listeye yapım ekleyebilir, çıkarabilir ve
            sıralamasını değiştirebilirsiniz.
          </p>
          <Button type="submit">Daveti kabul et</Button>
        </form>
      )}
    </div>
  );
}
