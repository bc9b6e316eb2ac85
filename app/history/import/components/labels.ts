import type { ImportRowKind, ImportSource } from "~/db/import-schema";

export const STATUS_LABELS = {
  running: "Sürüyor",
  review: "Seçiminizi bekliyor",
  done: "Tamamlandı",
} as const;

/** What a written row of each kind became, for the report. */
const WRITTEN_LABELS: Record<ImportRowKind, string> = {
  watched: "İzledim olarak işaretlenen (watched.csv)",
  watchlist: "İzleyeceğim listesine eklenen (watchlist.csv)",
  rating: "Puan (ratings.csv)",
  diary: "Günlük kaydı (diary.csv)",
  review: "Yorumlu günlük kaydı (reviews.csv)",
  "imdb-rating": "IMDb puanı",
  "imdb-list": "IMDb listesinden İzleyeceğim listesine eklenen",
  episode: "İzlendi olarak işaretlenen bölüm",
  "series-status": "İzliyorum ya da İzleyeceğim listesine eklenen dizi",
};

/** The same, for a file of a service other than Letterboxd and IMDb (whose files' names differ). */
const FILM_LABELS: Partial<Record<ImportRowKind, string>> = {
  watched: "İzledim olarak işaretlenen film",
  watchlist: "İzleyeceğim listesine eklenen",
  diary: "Günlük kaydı (tarihli film izlemesi)",
};

export const writtenLabel = (kind: ImportRowKind, source: ImportSource) =>
  (source === "letterboxd" || source === "imdb" ? undefined : FILM_LABELS[kind]) ??
  WRITTEN_LABELS[kind];
