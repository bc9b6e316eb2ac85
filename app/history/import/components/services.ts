/*
 * The services /hesap/ice-aktar names, each with where its export is asked for, in a few Turkish
 * steps. One list: a service added to the import adds its entry here.
 */

export interface ImportService {
  /** The `id` of its disclosure (an anchor), in Turkish letters folded to ASCII. */
  id: string;
  name: string;
  /** What the import takes from it. */
  brings: string;
  /** "Dosyanızı nasıl alırsınız": where on the service the export is requested, step by step. */
  steps: string[];
}

export const IMPORT_SERVICES: ImportService[] = [
  {
    id: "letterboxd",
    name: "Letterboxd",
    brings:
      "günlüğünüz, puanlarınız, yorumlarınız, izledikleriniz, izleme listeniz, listeleriniz, beğendikleriniz ve favori filmleriniz",
    steps: [
      "letterboxd.com'da oturum açın, Settings (Ayarlar) sayfasında Data sekmesini açın.",
      "“Export your data” düğmesine basın; ZIP dosyası hemen iner.",
      "ZIP dosyasını açmadan buraya yükleyin (ya da içindeki diary, ratings, watched, watchlist, reviews CSV dosyalarından birini).",
      "Listeleriniz (lists/) sıraları ve notlarıyla, beğendikleriniz (likes/) “Beğendiklerim” adıyla gizli Perde listeleri olur; profilinizdeki favori filmleri Favori 4'ünüz yapıp yapmayacağınızı size sorarız.",
    ],
  },
  {
    id: "trakt",
    name: "Trakt",
    brings:
      "izleme geçmişiniz (tarihleriyle), puanlarınız, izleme listeniz, listeleriniz (notlarıyla) ve yorumlarınız",
    steps: [
      "trakt.tv'de oturum açın, Settings (Ayarlar) → Data sayfasını açın (trakt.tv/settings/data).",
      "Export bölümünden verilerinizin dışa aktarımını isteyin ve hazır olduğunda ZIP dosyasını indirin.",
      "ZIP dosyasını açmadan buraya yükleyin; içindeki JSON dosyalarını (watched-history, ratings, lists-watchlist, lists-list, comments) okuruz.",
      "Yapımları Trakt'ın verdiği kimliklerle (önce TMDB, sonra IMDb) eşleştiririz. Perde'de sezon puanı olmadığı için sezon puanlarınız atlanır; dizinin kendi puanı alınır.",
    ],
  },
  {
    id: "imdb",
    name: "IMDb",
    brings: "puanlarınız, izleme listeniz ya da bir listeniz",
    steps: [
      "imdb.com'da Your Ratings (Puanlarınız) ya da Watchlist sayfanızı açın.",
      "Sayfanın menüsündeki “Export” ile CSV dosyasını isteyin; hazır olunca Exports sayfasından indirin.",
      "CSV dosyasını buraya yükleyin.",
    ],
  },
  {
    id: "tv-time",
    name: "TV Time",
    brings:
      "izlediğiniz bölümler (tarihleriyle), takip ettiğiniz diziler, izlediğiniz ve izleyeceğiniz filmler",
    steps: [
      "TV Time 15 Temmuz 2026'da kapandı; kapanmadan önce veri talebi (GDPR) sayfasından istediğiniz dışa aktarımı bulun: e-postayla gelen bağlantıdan inen ZIP dosyasıdır.",
      "ZIP dosyasını açmadan, adı ne olursa olsun buraya yükleyin: dosyaları sütunlarından tanırız.",
      "Favori dizileriniz Özet'te gösterilir; sizin yerinize hiçbir şey favori yapılmaz.",
    ],
  },
  {
    id: "netflix",
    name: "Netflix",
    brings: "izleme etkinliğiniz (bölümler ve filmler, tarihleriyle) ve Listem",
    steps: [
      "netflix.com'da Hesap → Profiller → profilinizi seçin → “İzleme etkinliği” sayfasını açın.",
      "Sayfanın altındaki “Tümünü indir” ile CSV dosyasını indirip buraya yükleyin.",
      "Ya da Hesap → “Kişisel bilgilerinizi indirin” ile tam arşivi isteyin; e-postayla gelen ZIP dosyasını yükleyin (ViewingActivity.csv, MyList.csv ve Ratings.csv okunur).",
    ],
  },
];
