import { useEffect, useState, type ReactNode } from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { validateWith } from "~/accounts/components/validate-with";
import { useImageUrl } from "~/catalogue/components/image-base";
import { Poster } from "~/catalogue/components/poster";
import { MIN_QUERY_LENGTH, type SearchGroups } from "~/catalogue/search";
import { yearOf } from "~/core/format";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Field, FormMessage } from "~/ui/field";
import { ChevronDown, Search, X } from "~/ui/icons";
import { Link } from "~/ui/link";
import { useHydrated } from "~/ui/use-hydrated";
import type { ProfileSettings as ProfileData } from "../profile-settings.server";
import {
  FAVORITES_MAX,
  favoriteSearchSchema,
  toChoice,
  usernameSchema,
  type FavoriteChoice,
} from "../schemas";

/** The /hesap action's answer to a profile form (a toast with JavaScript, in the page without). */
interface ProfileAnswer {
  intent?: string;
  error?: string;
  fields?: Record<string, string>;
  choices?: FavoriteChoice[];
  query?: string;
  at?: number;
}

/** The answer to this form, if the last one posted was it. */
function useAnswer(intent: string): ProfileAnswer | undefined {
  const answer = useActionData() as ProfileAnswer | undefined;
  return answer?.intent === intent ? answer : undefined;
}

/** Without JavaScript the refusal is shown in the page (it is a toast otherwise). */
function Refusal({ answer }: { answer: ProfileAnswer | undefined }) {
  const hydrated = useHydrated();
  if (hydrated || !answer?.error) return null;
  return <FormMessage tone="error">{answer.error}</FormMessage>;
}

function useBusy(intent: string, movieId?: number) {
  const navigation = useNavigation();
  const form = navigation.formData;
  return (
    navigation.state !== "idle" &&
    form?.get("intent") === intent &&
    (movieId === undefined || form.get("movieId") === String(movieId))
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="space-y-3 border-t pt-4" aria-labelledby={id} role="group">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </div>
  );
}

function UsernameForm({ username }: { username: string | null }) {
  const answer = useAnswer("username");
  const busy = useBusy("username");
  // What was typed stays after a refusal; the field starts again from the saved name otherwise.
  const typed = answer?.error ? answer.fields?.username : undefined;
  return (
    <Part id="kullanici-adi" title="Kullanıcı adı">
      <Refusal answer={answer} />
      <Form method="post" noValidate onSubmit={validateWith(usernameSchema)} className="space-y-3">
        <Field
          key={answer?.at ?? "saved"}
          label="Kullanıcı adınız"
          name="username"
          defaultValue={typed ?? username ?? ""}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
          aria-describedby="kullanici-adi-kurali"
          required
        />
        <p id="kullanici-adi-kurali" className="text-sm text-muted-foreground">
          3-30 karakter: harfler (Türkçe harfler de), rakamlar, alt çizgi (_) ve nokta (.); alt
          çizgi ve nokta yalnızca harf ya da rakamların arasında, tek tek. Büyük-küçük harf ve
          Türkçe harfler ayırt edilmez: “Ayşe” ile “ayse” aynı addır.
        </p>
        <Button type="submit" name="intent" value="username" disabled={busy}>
          {busy ? "Kaydediliyor..." : "Kullanıcı Adını Kaydet"}
        </Button>
      </Form>
    </Part>
  );
}

function VisibilityForm({ username, isPublic }: { username: string | null; isPublic: boolean }) {
  const answer = useAnswer("visibility");
  const busy = useBusy("visibility");
  return (
    <Part id="gorunurluk" title="Görünürlük">
      <Refusal answer={answer} />
      <Form method="post" className="flex items-start gap-3">
        <input type="hidden" name="visibility" value={isPublic ? "private" : "public"} />
        <button
          type="submit"
          name="intent"
          value="visibility"
          role="switch"
          aria-checked={isPublic}
          aria-labelledby="herkese-acik-etiket"
          disabled={busy || (!username && !isPublic)}
          className={cn(
            "relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition disabled:opacity-50",
            isPublic ? "border-primary bg-primary" : "bg-muted",
          )}
        >
          <span
            aria-hidden
            className={cn(
              "inline-block size-5 rounded-full bg-white shadow transition",
              isPublic ? "translate-x-5" : "translate-x-0.5",
            )}
          />
        </button>
        <div className="space-y-1 text-sm">
          <p id="herkese-acik-etiket" className="font-medium">
            Profilimi herkese açık yap
          </p>
          <p className="text-muted-foreground">
            {isPublic && username ? (
              <>
                Açık: adınız, Favori 4&apos;ünüz, herkese açık listeleriniz, son puanlarınız ve
                günlüğünüz{" "}
                <Link
                  to={paths.profile(username)}
                  className="break-words text-primary hover:underline"
                >
                  {/* The address as people read it (the link itself is encoded). */}
                  {decodeURIComponent(paths.profile(username))}
                </Link>{" "}
                adresinde görünür.
              </>
            ) : username ? (
              "Kapalı: profiliniz yalnızca size görünür. Açtığınızda adınız, Favori 4'ünüz, herkese açık listeleriniz, son puanlarınız ve günlüğünüz herkese görünür."
            ) : (
              "Profilinizi herkese açmak için önce bir kullanıcı adı seçin."
            )}
          </p>
        </div>
      </Form>
    </Part>
  );
}

/** Folding reviews of titles the reader has not watched (issue #38.5): a checkbox and Kaydet. */
function FoldUnwatchedForm({ foldUnwatched }: { foldUnwatched: boolean }) {
  const answer = useAnswer("fold-unwatched");
  const busy = useBusy("fold-unwatched");
  return (
    <Part id="yorum-katlama" title="Sürpriz bozanlar">
      <Refusal answer={answer} />
      <Form method="post" className="space-y-3">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="foldUnwatched"
            defaultChecked={foldUnwatched}
            aria-describedby="yorum-katlama-aciklama"
            className="mt-0.5 size-4 shrink-0"
          />
          <span className="space-y-1">
            <span className="block font-medium">
              İzlemediğiniz film ve dizilerin yorumları katlı gösterilsin
            </span>
            <span id="yorum-katlama-aciklama" className="block text-muted-foreground">
              Açıkken izlemediğiniz (günlüğünüzde, İzledim listenizde ya da puanlarınızda olmayan)
              yapımların yorumları, sürpriz bozanlar gibi “Göster”e dokunana kadar kapalı durur.
            </span>
          </span>
        </label>
        <Button
          type="submit"
          name="intent"
          value="fold-unwatched"
          variant="outline"
          disabled={busy}
        >
          {busy ? "Kaydediliyor..." : "Kaydet"}
        </Button>
      </Form>
    </Part>
  );
}

/** A film in a row: a small poster, its name and year. */
function FilmLine({
  name,
  posterPath,
  date,
}: {
  name: string;
  posterPath: string | null;
  date: string | null;
}) {
  const image = useImageUrl();
  return (
    <>
      <Poster src={image("w200", posterPath)} alt="" className="w-10 shrink-0 rounded" />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 leading-snug font-medium break-words">{name}</span>
        <span className="text-xs text-muted-foreground">{yearOf(date)}</span>
      </span>
    </>
  );
}

function FavoriteRow({
  film,
  index,
  count,
}: {
  film: ProfileData["favorites"][number];
  index: number;
  count: number;
}) {
  const name = film.title ?? `Film #${film.movieId}`;
  const removing = useBusy("favorite-remove", film.movieId);
  const moving = useBusy("favorite-move", film.movieId);
  const busy = removing || moving;
  const move = (direction: "up" | "down", label: string, disabled: boolean) => (
    <Form method="post">
      <input type="hidden" name="movieId" value={film.movieId} />
      <input type="hidden" name="direction" value={direction} />
      <Button
        type="submit"
        name="intent"
        value="favorite-move"
        variant="ghost"
        size="icon"
        aria-label={`${name}: ${label}`}
        disabled={disabled || busy}
        className="size-9 sm:size-10"
      >
        <ChevronDown className={cn("size-4", direction === "up" && "rotate-180")} aria-hidden />
      </Button>
    </Form>
  );
  return (
    <li className={cn("flex items-center gap-2 p-2 sm:gap-3", busy && "opacity-60")}>
      <span className="w-5 text-center text-sm font-semibold text-muted-foreground">
        {index + 1}
      </span>
      <FilmLine name={name} posterPath={film.posterPath} date={film.date} />
      <div className="flex shrink-0 items-center">
        {move("up", "yukarı taşı", index === 0)}
        {move("down", "aşağı taşı", index === count - 1)}
        <Form method="post">
          <input type="hidden" name="movieId" value={film.movieId} />
          <Button
            type="submit"
            name="intent"
            value="favorite-remove"
            variant="ghost"
            size="icon"
            aria-label={`${name}: Favori 4'ten çıkar`}
            disabled={busy}
            className="size-9 sm:size-10"
          >
            <X className="size-4" aria-hidden />
          </Button>
        </Form>
      </div>
    </li>
  );
}

const SEARCH_DEBOUNCE_MS = 400;

/**
 * The picker: with JavaScript it asks /api/arama as you type (the search dialog's own answer)
 * and offers the films; without it, "Ara" posts the search and the page comes back with them.
 * Either way a choice is a plain form that adds the film.
 */
function FavoritePicker({ chosen }: { chosen: number[] }) {
  const hydrated = useHydrated();
  const answer = useAnswer("favorite-search");
  const [query, setQuery] = useState(answer?.fields?.q ?? answer?.query ?? "");
  const fetcher = useFetcher<SearchGroups>();
  const { load } = fetcher;
  const trimmed = query.trim();

  useEffect(() => {
    if (!hydrated || trimmed.length < MIN_QUERY_LENGTH) return;
    const timer = setTimeout(
      () => void load(`/api/arama?q=${encodeURIComponent(trimmed)}`),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [hydrated, trimmed, load]);

  const found = fetcher.data?.query === trimmed ? fetcher.data : undefined;
  const choices = hydrated ? (found?.movies.map(toChoice) ?? null) : (answer?.choices ?? null);
  let status: string | null = null;
  if (hydrated && trimmed.length >= MIN_QUERY_LENGTH) {
    if (!found) status = "Aranıyor...";
    else if (found.failed) status = "Veriler yüklenirken bir hata oluştu.";
    else if (found.movies.length === 0) status = "Bu aramayla eşleşen film bulunamadı";
  }

  return (
    <div className="space-y-3">
      <Refusal answer={answer} />
      <Form
        method="post"
        noValidate
        role="search"
        onSubmit={(event) => {
          // With JavaScript the results come as you type; Enter only checks the length.
          validateWith(favoriteSearchSchema)(event);
          if (hydrated) event.preventDefault();
        }}
        className="flex items-end gap-2"
      >
        <div className="min-w-0 flex-1">
          <Field
            label="Film ara"
            name="q"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Film adı yazın"
            autoComplete="off"
            maxLength={100}
          />
        </div>
        <Button type="submit" name="intent" value="favorite-search" variant="outline">
          <Search className="size-4" aria-hidden />
          Ara
        </Button>
      </Form>
      {status && (
        <p className="text-sm text-muted-foreground" role="status">
          {status}
        </p>
      )}
      {choices && choices.length > 0 && (
        <ul className="divide-y rounded-lg border" aria-label="Bulunan filmler">
          {choices.map((choice) => {
            const taken = chosen.includes(choice.id);
            return (
              <li key={choice.id} className="flex items-center gap-3 p-2">
                <FilmLine name={choice.title} posterPath={choice.posterPath} date={choice.date} />
                <Form method="post">
                  <input type="hidden" name="movieId" value={choice.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="favorite-add"
                    variant="outline"
                    aria-label={`${choice.title} (${yearOf(choice.date)}) ekle`}
                    disabled={taken}
                  >
                    {taken ? "Eklendi" : "Ekle"}
                  </Button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function FavoritesPart({ favorites }: { favorites: ProfileData["favorites"] }) {
  const added = useAnswer("favorite-add");
  const removed = useAnswer("favorite-remove");
  const moved = useAnswer("favorite-move");
  const refusal = [added, removed, moved].find((answer) => answer?.error);
  return (
    <Part id="favori-4" title="Favori 4">
      <p className="text-sm text-muted-foreground">
        Profilinizde gösterilecek en fazla {FAVORITES_MAX} film seçin; sıralarını okla değiştirin.
      </p>
      <Refusal answer={refusal} />
      {favorites.length > 0 && (
        <ol className="divide-y rounded-lg border" aria-label="Favori 4 filmleriniz">
          {favorites.map((film, index) => (
            <FavoriteRow key={film.movieId} film={film} index={index} count={favorites.length} />
          ))}
        </ol>
      )}
      {favorites.length < FAVORITES_MAX ? (
        // A film added (or removed) starts the picker afresh, ready for the next.
        <FavoritePicker key={favorites.length} chosen={favorites.map((film) => film.movieId)} />
      ) : (
        <p className="text-sm text-muted-foreground">
          Dört film seçtiniz. Yeni bir film eklemek için önce birini çıkarın.
        </p>
      )}
    </Part>
  );
}

/** The public profile's settings on /hesap: username, visibility, folding and Favori 4. */
export function ProfileSettings({ data }: { data: ProfileData }) {
  return (
    <div id="profil-ayarlari" className="space-y-4">
      <UsernameForm username={data.username} />
      <VisibilityForm username={data.username} isPublic={data.isPublic} />
      <FoldUnwatchedForm foldUnwatched={data.foldUnwatched} />
      <FavoritesPart favorites={data.favorites} />
    </div>
  );
}
