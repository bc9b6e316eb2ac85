import { useState } from "react";
import { RatingPicker } from "~/ui/rating-picker";
import { SpoilerCheckbox } from "~/ui/spoiler";

export interface DiaryFieldValues {
  watchedOn: string;
  rating: number | null;
  review: string;
  rewatch: boolean;
  spoiler: boolean;
  tags: string;
}

/** What a refused form sent back (see diaryAction), as the fields' starting values. */
export function typedValues(
  fields: Record<string, string> | undefined,
  fallback: DiaryFieldValues,
): DiaryFieldValues {
  if (!fields) return fallback;
  const rating = Number(fields.rating);
  return {
    watchedOn: fields.watchedOn ?? fallback.watchedOn,
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 10 ? rating : null,
    review: fields.review ?? "",
    rewatch: fields.rewatch === "on",
    spoiler: fields.spoiler === "on",
    tags: fields.tags ?? "",
  };
}

const inputClass =
  "block w-full rounded-lg border bg-background px-3 py-2 text-base outline-none focus:border-primary sm:text-sm";

/**
 * A diary entry's fields: the day (not after today), an optional rating and review, "Tekrar
 * izleme", and tags separated by commas. The server checks all of it again (schemas.ts).
 */
export function DiaryFields({
  values,
  today,
  idPrefix,
  ratingLegend = "Puan (isteğe bağlı)",
}: {
  values: DiaryFieldValues;
  today: string;
  idPrefix: string;
  /** The rating is Puanım (decision 029): the title's page says so and shows its value. */
  ratingLegend?: string;
}) {
  const [rating, setRating] = useState(values.rating);
  return (
    <div className="space-y-4">
      <label className="block max-w-xs space-y-1.5">
        <span className="text-sm font-medium">İzleme tarihi</span>
        <input
          type="date"
          name="watchedOn"
          required
          min="1870-01-01"
          max={today}
          defaultValue={values.watchedOn}
          className={inputClass}
        />
      </label>
      <RatingPicker
        legend={ratingLegend}
        name="rating"
        value={rating}
        onPick={setRating}
        allowNone
      />
      <label className="block space-y-1.5">
        <span className="text-sm font-medium">Yorum (isteğe bağlı)</span>
        <textarea
          name="review"
          rows={3}
          maxLength={1000}
          defaultValue={values.review}
          placeholder="En az 10 karakter"
          className={inputClass}
        />
      </label>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="rewatch"
          defaultChecked={values.rewatch}
          className="size-5 accent-primary"
        />
        Tekrar izleme
      </label>
      <SpoilerCheckbox defaultChecked={values.spoiler} />
      <label className="block space-y-1.5" htmlFor={`${idPrefix}-tags`}>
        <span className="text-sm font-medium">Etiketler (isteğe bağlı)</span>
        <input
          id={`${idPrefix}-tags`}
          type="text"
          name="tags"
          maxLength={2000}
          defaultValue={values.tags}
          placeholder="Virgülle ayırın: sinemada, ailece"
          className={inputClass}
        />
      </label>
    </div>
  );
}
