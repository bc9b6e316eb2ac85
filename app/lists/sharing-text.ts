/** "Birlikte düzenle": the message for any invite link that does not work (server and page). */
export const INVALID_INVITE = "Bu davet bağlantısı geçersiz ya da süresi dolmuş";
