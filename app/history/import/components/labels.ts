import type { ImportRowKind } from "~/db/import-schema";

export const STATUS_LABELS = {
  running: "Sürüyor",
  review: "Seçiminizi bekliyor",
  done: "Tamamlandı",
} as const;

/** What a written row of each kind became, for the report. */
export const WRITTEN_LABELS: Record<ImportRowKind, string> = {
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
};

/** Trakt's rows are of the same kinds as Letterboxd's; their files are named otherwise. */
export const TRAKT_WRITTEN_LABELS: Partial<Record<ImportRowKind, string>> = {
  watched: "İzledim olarak işaretlenen (watched-movies.json)",
  watchlist: "İzleyeceğim listesine eklenen (lists-watchlist.json)",
  rating: "Puan (ratings-movies.json, ratings-shows.json)",
  diary: "Tarihli izleme (watched-history.json)",
  comment: "Yorum (comments-*.json)",
};
