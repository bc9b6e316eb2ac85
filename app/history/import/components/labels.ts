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
  episode: "İzlendi olarak işaretlenen bölüm",
  "series-status": "İzliyorum ya da İzleyeceğim listesine eklenen dizi",
};
