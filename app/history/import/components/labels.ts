import type { ImportRowKind, ImportSource } from "~/db/import-schema";

export const STATUS_LABELS = {
  running: "Sürüyor",
  review: "Seçiminizi bekliyor",
  done: "Tamamlandı",
} as const;

/** Answers given on the review screen, while the import's job writes them. */
export const WRITING_LABEL = "İşleniyor";

/** What a written row of each kind became, for the report. */
const WRITTEN_LABELS: Record<ImportRowKind, string> = {
  watched: "İzledim olarak işaretlenen (watched.csv)",
  watchlist: "İzleyeceğim listesine eklenen (watchlist.csv)",
  rating: "Puan (ratings.csv)",
  diary: "Günlük kaydı (diary.csv)",
  review: "Yorumlu günlük kaydı (reviews.csv)",
  "imdb-rating": "IMDb puanı",
  "imdb-list": "IMDb listesinden İzleyeceğim listesine eklenen",
  "list-item": "Listelerinize eklenen",
  favorite: "Favori 4 için önerilen",
  comment: "Yorum",
  episode: "İzlendi olarak işaretlenen bölüm",
  "series-status": "İzliyorum ya da İzleyeceğim listesine eklenen dizi",
};

/** The same, for a file of a service other than Letterboxd and IMDb (whose files' names differ). */
const FILM_LABELS: Partial<Record<ImportRowKind, string>> = {
  watched: "İzledim olarak işaretlenen film",
  watchlist: "İzleyeceğim listesine eklenen",
  diary: "Günlük kaydı (tarihli film izlemesi)",
};

/** Trakt's rows: the files they came from. */
const TRAKT_LABELS: Partial<Record<ImportRowKind, string>> = {
  watched: "İzledim olarak işaretlenen (watched-movies.json)",
  watchlist: "İzleyeceğim listesine eklenen (lists-watchlist.json)",
  rating: "Puan (ratings-movies.json, ratings-shows.json)",
  diary: "Tarihli film izlemesi (watched-history.json)",
  comment: "Yorum (comments-*.json)",
};

export const writtenLabel = (kind: ImportRowKind, source: ImportSource) =>
  (source === "trakt" ? TRAKT_LABELS[kind] : undefined) ??
  (source === "letterboxd" || source === "imdb" ? undefined : FILM_LABELS[kind]) ??
  WRITTEN_LABELS[kind];
