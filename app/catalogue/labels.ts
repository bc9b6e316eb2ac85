import { paths } from "~/core/paths";
import type { MediaType } from "./types";

const DEPARTMENTS: Record<string, string> = {
  Acting: "Oyuncu",
  Directing: "Yönetmen",
  Writing: "Senarist",
  Production: "Yapımcı",
  Sound: "Ses",
  Camera: "Kamera",
  Editing: "Kurgu",
  Art: "Sanat",
  Lighting: "Işık",
  "Costume & Make-Up": "Kostüm ve Makyaj",
  "Visual Effects": "Görsel Efekt",
  Crew: "Ekip",
  Creator: "Yaratıcı",
};

/** The known-for department in Turkish ('Oyuncu' for Acting). */
export function departmentLabel(department: string | null | undefined): string {
  if (!department) return "";
  return DEPARTMENTS[department] ?? department;
}

/** Words that change between the film and series versions of the same screen. */
export const MEDIA_WORDS: Record<
  MediaType,
  { section: string; plural: string; categoryFallback: string; one: string }
> = {
  movie: {
    section: "Filmler",
    plural: "Filmleri",
    categoryFallback: "Film Kategorisi",
    one: "film",
  },
  tv: {
    section: "Diziler",
    plural: "Dizileri",
    categoryFallback: "Dizi Kategorisi",
    one: "dizi",
  },
};

/** Which kind a browsing URL is about: /diziler… is series, /filmler… films. */
export function mediaTypeOfPath(pathname: string): MediaType {
  return pathname.startsWith(paths.section("tv")) ? "tv" : "movie";
}
