/**
 * Turkish-aware text folding, shared by slugs and search: lower case by Turkish rules, then
 * ı→i, ş→s, ğ→g, ü→u, ö→o, ç→c (and any other accent dropped), so "Işık", "ışık" and "isik"
 * all fold to "isik" and "İstanbul" to "istanbul".
 */
export function foldTurkish(text: string): string {
  return text.toLocaleLowerCase("tr-TR").replace(/ı/g, "i").normalize("NFD").replace(/\p{M}/gu, "");
}

/** Folded text with every run of non-letters and non-digits turned into one space. */
export function searchText(text: string): string {
  return foldTurkish(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
