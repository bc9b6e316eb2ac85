/** The eight ceremonies of the spec (section 3), described in Turkish. */

export type AwardCategory = "film" | "tv" | "both";
export type AwardIcon = "trophy" | "globe" | "tv" | "award" | "palm" | "lion" | "bear" | "users";

export interface AwardDefinition {
  id: string;
  name: string;
  fullName: string;
  description: string;
  icon: AwardIcon;
  category: AwardCategory;
  country: string;
  established: number;
  /** Year the award ended; null while it is still given. */
  ended: number | null;
}

export const AWARDS: AwardDefinition[] = [
  {
    id: "oscars",
    name: "Oscar",
    fullName: "Akademi Ödülleri (Oscar)",
    description:
      "Sinema Sanatları ve Bilimleri Akademisi'nin her yıl Los Angeles'ta verdiği, sinema dünyasının en bilinen ödülleri.",
    icon: "trophy",
    category: "film",
    country: "ABD",
    established: 1929,
    ended: null,
  },
  {
    id: "golden-globe",
    name: "Altın Küre",
    fullName: "Altın Küre Ödülleri",
    description:
      "Hem sinemayı hem televizyonu ödüllendiren, ödül sezonunun ilk büyük gecelerinden biri.",
    icon: "globe",
    category: "both",
    country: "ABD",
    established: 1944,
    ended: null,
  },
  {
    id: "emmy",
    name: "Emmy",
    fullName: "Primetime Emmy Ödülleri",
    description:
      "Amerikan televizyonunun en prestijli ödülleri; en iyi drama ve komedi dizileri burada seçilir.",
    icon: "tv",
    category: "tv",
    country: "ABD",
    established: 1949,
    ended: null,
  },
  {
    id: "bafta",
    name: "BAFTA",
    fullName: "BAFTA Film Ödülleri",
    description:
      "İngiliz Film ve Televizyon Sanatları Akademisi'nin Londra'da düzenlediği sinema ödülleri.",
    icon: "award",
    category: "film",
    country: "Birleşik Krallık",
    established: 1947,
    ended: null,
  },
  {
    id: "cannes",
    name: "Cannes",
    fullName: "Cannes Film Festivali (Altın Palmiye)",
    description:
      "Fransız Rivierası'nda düzenlenen, en büyük ödülü Altın Palmiye olan dünyanın en ünlü film festivali.",
    icon: "palm",
    category: "film",
    country: "Fransa",
    established: 1946,
    ended: null,
  },
  {
    id: "venice",
    name: "Venedik",
    fullName: "Venedik Film Festivali (Altın Aslan)",
    description: "Dünyanın en eski film festivali; en iyi filme Altın Aslan verilir.",
    icon: "lion",
    category: "film",
    country: "İtalya",
    established: 1932,
    ended: null,
  },
  {
    id: "berlin",
    name: "Berlin",
    fullName: "Berlin Film Festivali (Altın Ayı)",
    description:
      "Berlinale adıyla da bilinen, büyük ödülü Altın Ayı olan uluslararası film festivali.",
    icon: "bear",
    category: "film",
    country: "Almanya",
    established: 1951,
    ended: null,
  },
  {
    id: "sag",
    name: "SAG",
    fullName: "Sinema Oyuncuları Derneği Ödülleri (SAG)",
    description:
      "Oyuncuların oyuncuları ödüllendirdiği törende en büyük ödül, en iyi oyuncu kadrosuna verilir.",
    icon: "users",
    category: "both",
    country: "ABD",
    established: 1995,
    ended: null,
  },
];

export const CATEGORY_LABELS: Record<AwardCategory, string> = {
  film: "Film",
  tv: "Televizyon",
  both: "Film & TV",
};
