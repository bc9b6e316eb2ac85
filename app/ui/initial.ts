/** The first letter of a name or address in Turkish upper case (i → İ), or `fallback` when empty. */
export function initialLetter(text: string | null | undefined, fallback: string): string {
  const first = text?.trim()[0];
  return first ? first.toLocaleUpperCase("tr-TR") : fallback;
}
