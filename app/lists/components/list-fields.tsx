import { LIST_LIMITS, LIST_VISIBILITIES, type ListVisibility } from "~/db/lists-schema";
import { Field } from "~/ui/field";
import { VISIBILITY_HINTS, VISIBILITY_LABELS } from "../schemas";

export interface ListFieldValues {
  name: string;
  description: string;
  visibility: ListVisibility;
}

/** What a refused form typed, over the saved values (so nothing typed is lost). */
export function typedListValues(
  typed: Record<string, string> | undefined,
  saved: ListFieldValues,
): ListFieldValues {
  if (!typed) return saved;
  const visibility = LIST_VISIBILITIES.find((value) => value === typed.visibility);
  return {
    name: typed.name ?? saved.name,
    description: typed.description ?? saved.description,
    visibility: visibility ?? saved.visibility,
  };
}

/**
 * A list's name, description and visibility, as "Yeni liste" and the list's own page ask for
 * them. Limits are also the browser's (maxLength), but the server's schema decides.
 */
export function ListFields({ values, idPrefix }: { values: ListFieldValues; idPrefix: string }) {
  return (
    <>
      <Field
        label="Liste adı"
        name="name"
        required
        minLength={LIST_LIMITS.nameMin}
        maxLength={LIST_LIMITS.nameMax}
        defaultValue={values.name}
        placeholder="Örneğin: Yağmurlu pazar filmleri"
        autoComplete="off"
      />
      <label className="block space-y-1.5">
        <span className="text-sm font-medium">Açıklama (isteğe bağlı)</span>
        <textarea
          name="description"
          rows={3}
          maxLength={LIST_LIMITS.descriptionMax}
          defaultValue={values.description}
          className="block w-full rounded-lg border bg-card px-3 py-2 text-base outline-none focus:border-primary sm:text-sm"
        />
      </label>
      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-medium">Kimler görebilir?</legend>
        {LIST_VISIBILITIES.map((visibility) => (
          <label
            key={visibility}
            htmlFor={`${idPrefix}-${visibility}`}
            className="flex cursor-pointer gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              id={`${idPrefix}-${visibility}`}
              type="radio"
              name="visibility"
              value={visibility}
              defaultChecked={values.visibility === visibility}
              className="mt-1 accent-primary"
            />
            <span className="space-y-0.5">
              <span className="block text-sm font-medium">{VISIBILITY_LABELS[visibility]}</span>
              <span className="block text-xs text-muted-foreground">
                {VISIBILITY_HINTS[visibility]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
