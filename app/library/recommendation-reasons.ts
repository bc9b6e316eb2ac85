/*
 * Why a title is recommended, in Turkish (decision 031): "Kış Uykusu'nu beğendiğiniz için",
 * "Baba'yı beğenenler bunu da çok beğendi". The accusative suffix follows the title's last
 * vowel (ı/i/u/ü), with a "y" after a vowel, or an "n" after a possessive ending
 * ("Kış Uykusu'nu", "Yıldızlararası'nı"). A title that does not end in a letter ("1917",
 * "E.T.") gets a wording that needs no suffix.
 */

const VOWELS = "aeıioöuü";
const SUFFIX_VOWEL: Record<string, string> = {
  a: "ı",
  ı: "ı",
  e: "i",
  i: "i",
  o: "u",
  u: "u",
  ö: "ü",
  ü: "ü",
};

/** Lower case by Turkish rules, accents dropped but the two dots of ö and ü ("é" → "e"). */
function turkishLetters(word: string): string {
  return word
    .toLocaleLowerCase("tr-TR")
    .normalize("NFD")
    .replace(/[\u0300-\u0307\u0309-\u036f]/gu, "")
    .normalize("NFC");
}

/** The title in the accusative ("Kış Uykusu'nu", "Matrix'i"); null when no suffix fits. */
export function accusative(title: string): string | null {
  const trimmed = title.trim();
  const lastWord = trimmed.split(/\s+/).pop() ?? "";
  if (!/\p{L}$/u.test(lastWord)) return null;
  const letters = turkishLetters(lastWord);
  const vowels = [...letters].filter((letter) => VOWELS.includes(letter));
  const last = vowels.at(-1);
  if (!last) return null;
  const vowel = SUFFIX_VOWEL[last]!;
  const endsInVowel = VOWELS.includes(letters.at(-1)!);
  if (!endsInVowel) return `${trimmed}'${vowel}`;
  // "Uykusu", "Yıldızlararası": a possessive ending takes "n"; another vowel takes "y".
  const possessive = vowels.length >= 2 && /s[ıiuü]$/u.test(letters);
  return `${trimmed}'${possessive ? "n" : "y"}${vowel}`;
}

export type ReasonSource = "catalogue" | "people";

/** The line under a recommended card. */
export function reasonText(source: ReasonSource, title: string): string {
  const object = accusative(title);
  if (source === "catalogue") {
    return object ? `${object} beğendiğiniz için` : `Beğendiğiniz yapım: ${title}`;
  }
  return object
    ? `${object} beğenenler bunu da çok beğendi`
    : `“${title}” yapımını beğenenler bunu da çok beğendi`;
}
